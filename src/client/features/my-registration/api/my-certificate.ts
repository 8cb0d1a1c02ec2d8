import { useQuery } from '@tanstack/react-query';
import type { CertificateFormat, MyCertificate } from '../../../../shared/results/certificate.ts';
import { apiFetch } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const path = (token: string) => `/api/my/${encodeURIComponent(token)}/certificate`;

/** Where the entry's certificate downloads from, as an image or a PDF. */
export const myCertificateUrl = (token: string, format: CertificateFormat) => `${path(token)}.${format}`;

/** Whether the entry has a certificate (checked in or finished); asked only for an entry not cancelled. */
export const useMyCertificate = (token: string, enabled: boolean) =>
  useQuery({
    queryKey: [...queryKeys.myEntry(token), 'certificate'],
    queryFn: ({ signal }) => apiFetch<MyCertificate>(path(token), { signal }),
    enabled,
    retry: false,
  });
