import { QueryClient, queryOptions } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { putBack, showAtOnce } from './optimistic.ts';

describe('a change shown at once', () => {
  const { queryKey } = queryOptions({ queryKey: ['ticks'], queryFn: () => [false, false] });

  it('shows the change, and putBack restores what was there before', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKey, [false, false]);
    const shown = await showAtOnce(queryClient, queryKey, (ticks) => ticks?.map(() => true));
    expect(queryClient.getQueryData(queryKey)).toEqual([true, true]);
    putBack(queryClient, shown);
    expect(queryClient.getQueryData(queryKey)).toEqual([false, false]);
  });

  it('leaves a query that had no data alone when put back', async () => {
    const queryClient = new QueryClient();
    const shown = await showAtOnce(queryClient, queryKey, (ticks) => ticks);
    putBack(queryClient, shown);
    expect(queryClient.getQueryData(queryKey)).toBeUndefined();
  });
});
