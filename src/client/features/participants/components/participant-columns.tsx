import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { ReactNode } from 'react';
import { DISCIPLINE_LABELS } from '../../../../shared/events/event-display.ts';
import {
  PARTICIPANT_COLUMNS,
  PAYMENT_STATUS_LABELS,
  type Participant,
  type ParticipantColumn,
} from '../../../../shared/participants/participants.ts';
import { balanceText } from '../../../../shared/payments/balance.ts';
import { isMinor } from '../../../../shared/registrations/guardian.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { BreakableEmail, NotGiven } from '../../../components/ui/text.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { moneyText } from '../../../lib/money-text.ts';
import { paidOffFee } from '../paid-defaults.ts';

export const PAYMENT_TONES = { paid: 'good', part_paid: 'warn', unpaid: 'warn', waived: 'plain' } as const;

/** An entry's name; an anonymised (erased) entry has none left, and says so. */
export const fullName = (entry: Pick<Participant, 'firstName' | 'lastName'>) =>
  `${entry.firstName} ${entry.lastName}`.trim() || ERASED;
export const ERASED = 'Erased';

/** A Zimbabwean number as people here write it (077 083 5799), any other internationally (+27 82 …). */
export function readablePhone(e164: string) {
  const phone = parsePhoneNumberFromString(e164);
  if (!phone) return e164;
  return phone.country === 'ZW' ? phone.formatNational() : phone.formatInternational();
}

/** An entrant who chose SMS alone and gave no email. */
export const NO_EMAIL = 'None (SMS)';

/** How each column shows an entry's value (the list's cells and the entry's details alike). */
export const COLUMN_VALUES: Record<ParticipantColumn, (entry: Participant) => ReactNode> = {
  firstName: (entry) => entry.firstName || ERASED,
  lastName: (entry) => entry.lastName,
  email: (entry) =>
    entry.email ? <BreakableEmail email={entry.email} /> : <span className="text-slate-600">{NO_EMAIL}</span>,
  mobile: (entry) => readablePhone(entry.mobile),
  age: (entry) =>
    isMinor(entry.age) ? (
      <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
        {entry.age} <Badge tone="warn">Minor</Badge>
      </span>
    ) : (
      entry.age
    ),
  gender: (entry) => entry.gender ?? <NotGiven />,
  raceType: (entry) => entry.raceType,
  discipline: (entry) => DISCIPLINE_LABELS[entry.discipline],
  tshirtSize: (entry) => entry.tshirtSize,
  paymentStatus: (entry) => {
    const offFee = paidOffFee(entry);
    const balance = balanceText(entry);
    return (
      <>
        <Badge tone={PAYMENT_TONES[entry.paymentStatus]}>{PAYMENT_STATUS_LABELS[entry.paymentStatus]}</Badge>
        {balance && <span className="whitespace-nowrap text-sm font-medium text-amber-950">{balance}</span>}
        {offFee && (
          // Two lines in the table's narrow column, one on a phone's card.
          <span className="rounded border border-amber-500 bg-amber-50 px-1 py-0.5 text-xs font-medium text-amber-950">
            <span className="whitespace-nowrap">Paid {moneyText(offFee.currency, offFee.paid)}</span>{' '}
            <span className="whitespace-nowrap">— fee {moneyText(offFee.currency, offFee.fee)}</span>
          </span>
        )}
      </>
    );
  },
  reference: (entry) => entry.reference,
  bib: (entry) =>
    entry.bib ?? (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">none yet</span>
      </>
    ),
  createdAt: (entry) => formatDate(entry.createdAt),
};

export const COLUMN_LABELS = Object.fromEntries(PARTICIPANT_COLUMNS) as Record<ParticipantColumn, string>;

/** The words for a sort order, e.g. "Age, youngest first", for the phone's sort select. */
export function sortOrderLabel(column: ParticipantColumn, dir: 'asc' | 'desc') {
  const label = COLUMN_LABELS[column];
  if (column === 'age') return `${label}, ${dir === 'asc' ? 'youngest first' : 'oldest first'}`;
  if (column === 'bib') return `${label}, ${dir === 'asc' ? 'lowest first' : 'highest first'}`;
  if (column === 'createdAt') return `${label}, ${dir === 'asc' ? 'oldest first' : 'newest first'}`;
  return `${label}, ${dir === 'asc' ? 'A to Z' : 'Z to A'}`;
}
