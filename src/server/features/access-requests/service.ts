import type { CurrentUser } from '../../../shared/accounts/account.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../audit-log/service.ts';
import { type PersonalData, personalData, personalDataOfMobile, type SubjectKind } from './personal-data.ts';

export type AccessFormat = 'json' | 'pdf';

/** The file's name: by the entry's reference, or by the kind and the start of the record's id (never a name). */
export function accessFileName(data: PersonalData, format: AccessFormat) {
  const { kind, reference } = data.about;
  const label =
    kind === 'registration' ? reference : kind === 'mobile' ? 'mobile' : `${kind}-${reference.slice(0, 8)}`;
  return `celebration-data-${label.replace(/[^\w-]+/g, '_')}.${format}`;
}

/**
 * A download of everything held about a person, recorded in the audit trail: by an admin about a record, or
 * by someone about himself.
 */
async function download(
  db: Database,
  actor: CurrentUser,
  kind: SubjectKind,
  id: string,
  format: AccessFormat,
  self: boolean,
) {
  const data = await personalData(db, kind, id);
  const subject = kind === 'registration' ? `registration ${data.about.reference}` : `${kind} ${id}`;
  await recordAudit(db, actor, {
    action: 'access-request',
    subject,
    details: { format, asked: self ? 'by the person' : 'by an admin' },
  });
  return asFile(data, format);
}

async function asFile(data: PersonalData, format: AccessFormat) {
  const fileName = accessFileName(data, format);
  if (format === 'json') return { fileName, body: JSON.stringify(data, null, 2) };
  // pdfkit and its fonts load on the first PDF, not with every server (issue 15).
  const { personalDataPdf } = await import('./personal-data-pdf.ts');
  return { fileName, body: personalDataPdf(data) };
}

/** An admin's download about an entry, a man, a facilitator or an account. */
export const accessRequest = (
  { database }: AppContext,
  admin: CurrentUser,
  kind: SubjectKind,
  id: string,
  format: AccessFormat,
) => download(database.db, admin, kind, id, format, false);

/** Someone's own data, from /Profile: found by his account. */
export const ownData = ({ database }: AppContext, user: CurrentUser, format: AccessFormat) =>
  download(database.db, user, 'account', user.id, format, true);

/**
 * What is held under a mobile number, for the one who proved it with a texted code (no account: the trail
 * names the number by its last digits only).
 */
export async function dataOfMobile(
  { database }: AppContext,
  mobile: { number: string; label: string },
  format: AccessFormat,
) {
  const data = await personalDataOfMobile(database.db, mobile.number);
  await recordAudit(database.db, null, {
    action: 'access-request',
    subject: mobile.label,
    rowCount:
      data.entries.length +
      data.waitlist.length +
      data.programme.men.length +
      data.programme.facilitators.length,
    details: { format, asked: 'by the holder of the number, proven by a code texted to it' },
  });
  return asFile(data, format);
}
