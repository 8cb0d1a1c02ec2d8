// Plain text and values, no zod: /Privacy is a public page and stays small.

/** What the standard notice says that changes with the event's settings. */
export interface NoticeFacts {
  /** The event's contact phone, as people read it (+263 77 123 4567). */
  contactPhone: string;
  /** Fun-run entries are anonymised this many days after the event. */
  entryRetentionDays: number;
  /** Programme records are deleted this many days after a man leaves or graduates. */
  programmeRetentionDays: number;
}

import { NEXT_YEAR_KEPT_MONTHS } from '../events/next-year-text.ts';

/** How long the audit trail is kept; the database refuses to delete younger rows (migration 0015). */
export const AUDIT_YEARS = 2;

/**
 * The notice used while an admin has not written one (events.privacy_text is null). Each line is a
 * paragraph; a line starting with "## " is a heading and one starting with "- " an item of a list, as
 * in a notice an admin writes.
 */
export function standardPrivacyNotice(facts: NoticeFacts) {
  const { contactPhone: phone } = facts;
  return `## Who holds your details
The Celebration organisers of the church hold the details you give on this site. To reach them about your details, call ${phone}.
## What we use them for
- Running the fun run: your registration, your payment and race day (check-in, bibs and T-shirts, and your safety on the course).
- Running the men's programme: its sessions and each man's progress through it.
- "Tell me about next year": if you ask us to after the race, emailing you once when the next fun run opens for registration.
## What we hold
- For the fun run: your name, email, mobile, next of kin's mobile, age, gender, T-shirt size and payments.
- For an entrant under 18, also a parent or guardian's name and mobile, and their agreement.
- For the men's programme, also your marital status, church and address, your attendance at sessions and the documents you upload.
- For "Tell me about next year": only the email address you give, when you agreed, and for which year's fun run.
## How long we keep them
- Fun-run entries are anonymised ${facts.entryRetentionDays} days after the event: names, contacts and next of kin are removed, and only figures such as the race, age band, gender and T-shirt size are kept.
- Programme records are deleted ${facts.programmeRetentionDays} days after a man leaves the programme or graduates, with his uploads.
- The "Tell me about next year" list is deleted once its email has gone, when the next fun run is published, or ${NEXT_YEAR_KEPT_MONTHS} months after you gave your address at the latest.
- The record of who read or changed personal details (the audit trail) is kept for ${AUDIT_YEARS} years.
## Who sees them
- The organisers (the site's administrators) see them all.
- Facilitators see the men of their own groups.
- Check-in volunteers on race day see only your name, bib, race, T-shirt size and whether you have paid.
- The public entrant search shows the names and races only of entrants who agreed to be listed, and never anyone under 18.
- If you pay online, Paynow handles that payment. If the organisers use a timing company for the results, it gets the start list: bib, name, gender and age.
- If the organisers send text messages, txt.co.zw (Paynow's SMS service, in Zimbabwe) sends them: it receives the mobile number and the text of each message, and keeps every message it sends.
## A copy of your details, a correction or erasure
You may ask for a copy of everything we hold about you, for a correction, or for your details to be erased:
- Fun-run entrants: open the private "My registration" link in your confirmation email (or ask for it again on the My registration page).
- Programme participants: sign in and open your profile.
- Anyone: call the organisers on ${phone}.
## The law
We handle your details under Zimbabwe's Cyber and Data Protection Act, 2021. If you are not satisfied with our answer, you may complain to POTRAZ, the data protection authority.`;
}

/** The notice in force: the admin's own text, or the standard one with the event's facts. */
export function privacyNotice(privacyText: string | null, facts: NoticeFacts) {
  return privacyText ?? standardPrivacyNotice(facts);
}
