import type { ManProgress } from '../../../../shared/progress/progress.ts';
import { formatPhoneForReading } from '../format.ts';

/** A mailto: link whose address wraps after its @ (not in the middle of a word) on a narrow screen. */
export function EmailLink({ email, className = '' }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@');
  return (
    <a
      href={`mailto:${email}`}
      className={`[overflow-wrap:anywhere] text-brand-800 underline underline-offset-2 ${className}`}
    >
      {at < 0 ? (
        email
      ) : (
        <>
          {email.slice(0, at + 1)}
          <wbr />
          {email.slice(at + 1)}
        </>
      )}
    </a>
  );
}

/** His cell group and its facilitator, with the facilitator's phone (a tel: link) and email. */
export function CellGroupCard({ cellGroup }: { cellGroup: ManProgress['cellGroup'] }) {
  if (!cellGroup) {
    return (
      <p className="text-stone-700">
        You are not in a cell group yet. The programme office will place you in one and your facilitator will
        be shown here.
      </p>
    );
  }
  const { facilitator } = cellGroup;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
      <dt className="text-stone-600">Group</dt>
      <dd className="font-semibold text-stone-900">{cellGroup.name}</dd>
      <dt className="text-stone-600">Facilitator</dt>
      <dd className="font-semibold text-stone-900">{facilitator ? facilitator.name : 'Not yet chosen'}</dd>
      {facilitator?.mobile && (
        <>
          <dt className="text-stone-600">Phone</dt>
          <dd>
            <a
              href={`tel:${facilitator.mobile}`}
              className="font-semibold text-brand-800 underline underline-offset-2 whitespace-nowrap"
            >
              {formatPhoneForReading(facilitator.mobile)}
            </a>
          </dd>
        </>
      )}
      {facilitator?.email && (
        <>
          <dt className="text-stone-600">Email</dt>
          <dd className="min-w-0">
            <EmailLink email={facilitator.email} className="font-semibold" />
          </dd>
        </>
      )}
    </dl>
  );
}
