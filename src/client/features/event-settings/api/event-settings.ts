import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Edition,
  EventSettings,
  EventSettingsInput,
  NewEditionInput,
  RaceInput,
} from '../../../../shared/event-settings/event-settings.ts';
import { ApiError, apiSend, getQueryOptions, NETWORK_DOWN } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// Not in features/events/api: the build puts that folder in the chunk every public page loads.

export const getEventSettingsQueryOptions = () =>
  getQueryOptions<EventSettings>(['admin-event'], '/api/admin/event');

/** The event as an admin edits it (races with their entries counted). */
export const useEventSettings = () => useQuery(getEventSettingsQueryOptions());

/** After a save: the answer is the new settings; the public pages' copy of the event is out of date. */
function useSaved() {
  const queryClient = useQueryClient();
  return (settings: EventSettings) => {
    queryClient.setQueryData(getEventSettingsQueryOptions().queryKey, settings);
    void queryClient.invalidateQueries({ queryKey: queryKeys.event });
    void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
  };
}

/** Everything PUT /api/admin/event takes, as the server has it now: a section changes its part only. */
export function inputOf(settings: EventSettings): EventSettingsInput {
  return {
    title: settings.title,
    subtitle: settings.subtitle,
    greeting: settings.greeting,
    contactPhone: settings.contactPhone,
    backgroundAlt: settings.backgroundAlt,
    registrationClosesAt: settings.registrationClosesAt,
    eventDate: settings.eventDate,
    tshirtChangesUntil: settings.tshirtChangesUntil,
    transfersAllowed: settings.transfersAllowed,
    transfersUntil: settings.transfersUntil,
    transferFeeUsd: settings.transferFeeUsd,
    transferFeeZwg: settings.transferFeeZwg,
    waitlistOfferHours: settings.waitlistOfferHours,
    walkUpBibBlock: settings.walkUpBibBlock,
    reminderDaysAfter: settings.reminderDaysAfter,
    reminderDaysBeforeClose: settings.reminderDaysBeforeClose,
    racePackDaysBefore: settings.racePackDaysBefore,
    whatToBring: settings.whatToBring,
    venue: settings.venue,
    photosUrl: settings.photosUrl,
    payment: settings.payment,
    tshirtSizes: settings.tshirtSizes,
    termsText: settings.termsText,
  };
}

export function useSaveEventSettings() {
  const saved = useSaved();
  return useMutation({
    mutationFn: (input: EventSettingsInput) => apiSend<EventSettings>('/api/admin/event', 'PUT', input),
    onSuccess: saved,
  });
}

/** Publishes the draft edition: the public may register from then on. */
export function usePublishEdition() {
  const saved = useSaved();
  return useMutation({
    mutationFn: () => apiSend<EventSettings>('/api/admin/event/publish', 'POST', {}),
    onSuccess: saved,
  });
}

export function useSaveRaces() {
  const saved = useSaved();
  return useMutation({
    mutationFn: (races: RaceInput[]) => apiSend<EventSettings>('/api/admin/event/races', 'PUT', { races }),
    onSuccess: saved,
  });
}

export type ImageKind = 'background' | 'logo';

/**
 * Uploads an image as multipart form data. XMLHttpRequest rather than fetch: it reports the upload's
 * progress, which matters for an 8 MB photo on a slow connection.
 */
export function uploadImage(kind: ImageKind, file: File, onProgress: (fraction: number) => void) {
  return new Promise<EventSettings>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/admin/event/images/${kind}`);
    request.setRequestHeader('accept', 'application/json');
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, NETWORK_DOWN));
    request.onload = () => {
      const body = request.response;
      if (request.status >= 200 && request.status < 300) return resolve(body as EventSettings);
      reject(
        new ApiError(
          request.status,
          body?.detail ?? body?.title ?? `The server answered ${request.status}. Please try again.`,
          Array.isArray(body?.errors) ? body.errors : [],
        ),
      );
    };
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}

export function useUploadImage(kind: ImageKind) {
  const saved = useSaved();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
      uploadImage(kind, file, onProgress),
    onSuccess: saved,
  });
}

export const getEditionsQueryOptions = () =>
  getQueryOptions<Edition[]>(['admin-editions'], '/api/admin/editions');

export const useEditions = () => useQuery(getEditionsQueryOptions());

/** The new edition's settings replace the old one's everywhere; so does every list of entries. */
export function useStartNewEdition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewEditionInput) => apiSend<EventSettings>('/api/admin/editions', 'POST', input),
    onSuccess: (settings) => {
      queryClient.setQueryData(getEventSettingsQueryOptions().queryKey, settings);
      void queryClient.invalidateQueries();
    },
  });
}
