import * as z from 'zod/mini';
import { isMinor } from '../registrations/guardian.ts';

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

/**
 * Whether the published results offer this entry's certificate (its link on /Results): only a finisher they
 * show by name. Not whoever unticked "Show my name in published results", an erased entry, or a minor (shown
 * by first name and initial only: his certificate is his family's to download from /My).
 */
export const offersPublicCertificate = (entry: {
  status: string | null;
  showInResults: boolean;
  age: number;
  erased: boolean;
}) => entry.status === 'finished' && entry.showInResults && !entry.erased && !isMinor(entry.age);

/** Where the published results' certificate of a bib downloads from. */
export const publicCertificateUrl = (bib: number, format: CertificateFormat) =>
  `/api/results/bib/${bib}/certificate.${format}`;
