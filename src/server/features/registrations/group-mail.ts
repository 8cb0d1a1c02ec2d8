import { DISCIPLINE_LABELS, type Discipline } from '../../../shared/events/event-display.ts';
import { type QuotedRate, quotedFees } from '../../../shared/events/zwg-rate.ts';
import { feeToBeConfirmed, formatFees } from '../../../shared/money.ts';
import { greeting } from '../../../shared/shown-name.ts';
import type { Links } from '../../links.ts';
import type { OutgoingMail } from '../../mail/repository.ts';
import type { EventRow } from '../events/service.ts';
import {
  CONFIRMATION_KIND,
  contactPhoneOf,
  feesWithGift,
  type GiftWithEntry,
  howToPayLines,
  payOnlineLines,
  raceDayLines,
  totalWithGiftLines,
} from './confirmation-mail.ts';

/** One person a group form registered, as its one confirmation lists him. */
export interface GroupMailMember {
  reference: string;
  firstName: string;
  lastName: string;
  discipline: Discipline;
  raceType: string;
  startTime: string | null;
  feeUsd: string | null;
  feeZwg: string | null;
  /** His private page and QR code, listed when he shares the contact's address (else mailed to his own). */
  shared?: { myLink: string; checkInCode: string };
}

/**
 * The group's one confirmation, to its contact (the first person): each person's reference, race and fee,
 * the total due and how to pay with the group reference; the private links and QR codes of those who share
 * the contact's address; who was put on a waitlist instead.
 */
export function groupConfirmationMail(
  event: EventRow,
  {
    to,
    contactFirstName,
    groupReference,
    members,
    waitlisted,
    fees,
    gift,
    rate = {},
  }: {
    to: string;
    contactFirstName: string;
    groupReference: string;
    members: GroupMailMember[];
    waitlisted: { firstName: string; lastName: string; raceType: string }[];
    fees: { usd: string | null; zwg: string | null };
    gift?: GiftWithEntry | null;
    /** The official rate the ZWG fees were quoted at (issue 42 §1), said beside the ZWG total. */
    rate?: QuotedRate;
  },
  links: Links,
): OutgoingMail & { kind: string } {
  const contact = contactPhoneOf(event);
  const withGift = feesWithGift({ feeUsd: fees.usd, feeZwg: fees.zwg }, gift);
  const due = { usd: withGift.feeUsd, zwg: withGift.feeZwg };
  const quoted = { feeUsd: fees.usd, feeZwg: fees.zwg, ...rate };
  const total = quotedFees(quoted);
  const lines = [
    `${greeting(contactFirstName, 'Dear')},`,
    '',
    `Thank you for registering ${members.length} ${members.length === 1 ? 'person' : 'people'} for the ${event.title} ${event.year}.`,
    '',
    ...(gift
      ? totalWithGiftLines(quoted, gift, contact, 'Fees')
      : [total ? `Total due: ${total}` : feeToBeConfirmed(contact)]),
    `Your group reference: ${groupReference} (it pays for everyone below)`,
    '',
  ];
  for (const [index, member] of members.entries()) {
    const fee = formatFees(member.feeUsd, member.feeZwg) ?? 'fee to be confirmed';
    const start = member.startTime ? `, start ${member.startTime}` : '';
    lines.push(
      `${index + 1}. ${member.firstName} ${member.lastName}: reference ${member.reference}, ${DISCIPLINE_LABELS[member.discipline]} ${member.raceType}${start}, ${fee}`,
    );
    if (member.shared) lines.push(`   Private page (QR code attached): ${member.shared.myLink}`);
  }
  if (waitlisted.length > 0) {
    lines.push(
      '',
      'On a waitlist instead (outside the group: each pays alone if offered a place; a mail tells each of them):',
      ...waitlisted.map((person) => `- ${person.firstName} ${person.lastName}, ${person.raceType}`),
    );
  }
  const contactPage = members.find((member) => member.shared)?.shared?.myLink;
  lines.push(
    '',
    // The day and place are the event's; each race's start is beside its people (Harare time).
    ...raceDayLines(event, { discipline: 'run', raceType: '', startTime: null }, links).filter(
      (line) => line.startsWith('Date:') || line.startsWith('Venue:'),
    ),
    ...(members.some((member) => member.startTime) ? ['Start times are Harare time.'] : []),
    '',
    // The contact's page offers the group's total online.
    ...(contactPage ? payOnlineLines(event, { feeUsd: due.usd, feeZwg: due.zwg, myLink: contactPage }) : []),
    `How to pay (always quote your group reference ${groupReference}):`,
    ...howToPayLines(event, due),
    '',
    'On race morning, each person shows his QR code (attached, one per person; also on his private page) at the registration table.',
    'Each private page lets that person see or change his entry or cancel it. Keep these links to yourselves:',
    'anyone who has one can change that entry. Anyone with his own email gets his own link there.',
    '',
    `Questions? Call ${contact}.`,
    `${links.site}/Banking`,
  );
  return {
    to,
    kind: CONFIRMATION_KIND,
    subject: `${event.title}: your group registration ${groupReference}`,
    text: lines.join('\n'),
    attachments: members.flatMap((member, index) =>
      member.shared
        ? [
            {
              cid: `check-in-qr-${index + 1}`,
              filename: `check-in-qr-${member.reference}.png`,
              text: member.shared.checkInCode,
              alt: `${member.firstName}'s check-in QR code`,
            },
          ]
        : [],
    ),
  };
}
