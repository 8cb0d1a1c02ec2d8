import { useMutation, useQuery } from '@tanstack/react-query';
import type { GiftInput, GiftMade, GiveSummary } from '../../../../shared/gifts/gifts.ts';
import { apiSend, getQueryOptions } from '../../../lib/api.ts';

/** Under the key the server seeds /Give's page with. */
export const getGiveQueryOptions = () => getQueryOptions<GiveSummary>(['give'], '/api/give');

export const useGiveSummary = () => useQuery(getGiveQueryOptions());

export const useMakeGift = () =>
  useMutation({ mutationFn: (input: GiftInput) => apiSend<GiftMade>('/api/gifts', 'POST', input) });
