import { useMutation } from '@tanstack/react-query';
import type { MyErasureRequest } from '../../../../shared/privacy/erasure.ts';
import type {
  MobileCodeCheck,
  MobileCodeRequest,
  MobileErasureAsk,
  MobileProofAnswer,
} from '../../../../shared/privacy/mobile-proof.ts';
import { ApiError, apiSend, NETWORK_DOWN } from '../../../lib/api.ts';

const BASE = '/api/privacy/mobile';

export const useTextMeACode = () =>
  useMutation({
    mutationFn: (body: MobileCodeRequest) => apiSend<{ message: string }>(`${BASE}/code`, 'POST', body),
  });

export const useCheckCode = () =>
  useMutation({
    mutationFn: (body: MobileCodeCheck) => apiSend<MobileProofAnswer>(`${BASE}/proof`, 'POST', body),
  });

export const useAskErasureByMobile = () =>
  useMutation({
    mutationFn: (body: MobileErasureAsk) =>
      apiSend<MyErasureRequest>(`${BASE}/erasure-request`, 'POST', body),
  });

/**
 * The file is asked for with the proof in the body (never in an address, which logs and histories keep), then
 * handed to the browser to save under the server's name for it.
 */
async function downloadData({ proof, format }: { proof: string; format: 'json' | 'pdf' }) {
  let response: Response;
  try {
    response = await fetch(`${BASE}/data.${format}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ proof }),
    });
  } catch {
    throw new ApiError(0, NETWORK_DOWN);
  }
  if (!response.ok) {
    const problem = await response.json().catch(() => undefined);
    throw new ApiError(
      response.status,
      problem?.detail ?? `The server answered ${response.status}. Please try again.`,
    );
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    `celebration-data.${format}`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const useDownloadByMobile = () => useMutation({ mutationFn: downloadData });
