import * as z from 'zod/mini';

/** Whether an entry's private link offers its certificate: only to an entrant who was checked in or finished. */
export const MyCertificateSchema = z.object({
  available: z.boolean(),
  /** A finisher's time and place are on it only once the results are published: until then, it says so. */
  awaitingResults: z.boolean(),
});
export type MyCertificate = z.infer<typeof MyCertificateSchema>;

/** The two forms of a certificate: an image to share (WhatsApp) and a PDF to print. */
export const CERTIFICATE_FORMATS = ['png', 'pdf'] as const;
export type CertificateFormat = (typeof CERTIFICATE_FORMATS)[number];
