import {
  type PERSON_SORTS,
  PERSON_STATUS_LABELS,
  type PersonKind,
  type PersonListRow,
} from '../../../../shared/people/people.ts';
import { formatPhone } from '../../../../shared/phone.ts';

/** Every sort the register offers on screen (the date of joining is for the API's users). */
export type PersonSort = Exclude<(typeof PERSON_SORTS)[number], 'createdAt'>;

export interface RegisterColumn {
  label: string;
  /** The label on a phone's card, where the heading is not seen (easier to read than MaritalStatus). */
  cardLabel?: string;
  sort?: PersonSort;
  value: (person: PersonListRow) => string;
}

const orEmpty = (value: string | number | null) => (value === null ? '' : String(value));

/** The register's columns, as the programme's people know them (Surname first), the address left out. */
export function registerColumns(kind: PersonKind): RegisterColumn[] {
  const columns: RegisterColumn[] = [
    { label: 'Surname', sort: 'lastName', value: (p) => p.lastName },
    { label: 'Name', sort: 'firstName', value: (p) => p.firstName },
    { label: 'Email', sort: 'email', value: (p) => p.email },
    { label: 'Mobile', sort: 'mobile', value: (p) => (p.mobile ? formatPhone(p.mobile) : '') },
    {
      label: 'MaritalStatus',
      cardLabel: 'Marital status',
      sort: 'maritalStatus',
      value: (p) => orEmpty(p.maritalStatus),
    },
    { label: 'Church', sort: 'church', value: (p) => orEmpty(p.church) },
    { label: 'Age', sort: 'age', value: (p) => orEmpty(p.age) },
    // No address: it shows only when one record is opened (Manage).
  ];
  if (kind === 'facilitators') columns.push({ label: 'Status', value: statusLabel });
  return columns;
}

export const statusLabel = (person: Pick<PersonListRow, 'status'>) =>
  PERSON_STATUS_LABELS[person.status] ?? person.status;

export const fullName = (person: Pick<PersonListRow, 'firstName' | 'lastName'>) =>
  `${person.firstName} ${person.lastName}`.trim();

/** Three row colours in turn (light enough for dark text at AA contrast), kept when printed. */
export const stripeClass =
  'nth-[3n+1]:bg-white nth-[3n+2]:bg-orange-50 nth-[3n]:bg-sky-50 [print-color-adjust:exact]';
