import type { Discipline } from '../../../shared/events/event.ts';
import { MAX_GROUP } from '../../../shared/registrations/group.ts';
import {
  emptyPerson,
  flatGroupForm,
  type GroupFormValues,
  giftCurrencyOf,
  groupFormOf,
  withContactAsGuardian,
} from '../../../shared/registrations/group-form.ts';

/**
 * The runner or cyclist form posted without JavaScript with several people (issue 36): its inputs are named
 * `people.<i>.<field>`. Undefined for the single form.
 */
export function postedGroup(body: URLSearchParams, discipline: Discipline) {
  const group = groupFormOf(
    (name) => body.get(name) ?? undefined,
    (name) => body.has(name),
    discipline,
  );
  // A child's guardian is the contact until told otherwise, as the script's form fills it in; his agreement is
  // still asked, beside those pre-filled fields.
  return group && withContactAsGuardian(group);
}

/**
 * "Add another person" or "Remove" pressed without JavaScript: the form's values again, every one kept, with
 * one more person (from the single form, its person is the contact) or one fewer (the contact alone is the
 * single form again). Undefined when the form was sent to register.
 */
export function changedForm(
  body: URLSearchParams,
  group: GroupFormValues | undefined,
  single: Record<string, string | boolean>,
  discipline: Discipline,
): Record<string, string | boolean> | undefined {
  if (body.has('addPerson')) {
    const form = group ?? groupOfSingle(single, discipline);
    if (group && group.people.length < MAX_GROUP) form.people.push(emptyPerson(discipline));
    return flatGroupForm(withContactAsGuardian(form));
  }
  const removed = Number(body.get('removePerson') ?? Number.NaN);
  if (!group || !Number.isInteger(removed) || removed < 1) return undefined;
  const people = group.people.filter((_, index) => index !== removed);
  if (people.length > 1) return flatGroupForm({ ...group, people });
  const { sameContact: _, ...contact } = people[0] ?? emptyPerson(discipline);
  return {
    ...contact,
    discipline,
    consent: group.consent,
    notifyBy: group.notifyBy,
    giftAmount: group.giftAmount,
    giftCurrency: group.giftCurrency,
  };
}

function groupOfSingle(single: Record<string, string | boolean>, discipline: Discipline): GroupFormValues {
  const contact = emptyPerson(discipline);
  for (const name of Object.keys(contact) as (keyof typeof contact)[]) {
    const value = single[name];
    if (name !== 'discipline' && typeof value === typeof contact[name])
      Object.assign(contact, { [name]: value });
  }
  return {
    people: [contact, emptyPerson(discipline)],
    notifyBy: typeof single.notifyBy === 'string' ? single.notifyBy : '',
    consent: single.consent === true,
    waitlistFull: false,
    giftAmount: typeof single.giftAmount === 'string' ? single.giftAmount : '',
    giftCurrency: giftCurrencyOf(single.giftCurrency),
  };
}

const PERSON_FIELD = /^people\.(\d+)\.(\w+)$/;

/**
 * The contract's and the service's messages where the group form shows them: the consent and the way to be
 * told once for everyone, a shared email or mobile at the contact's. What belongs to no field (too many
 * people) is the form's failure.
 */
export function groupMessages(messages: Record<string, string>, group: GroupFormValues) {
  const errors: Record<string, string> = {};
  let failure: string | undefined;
  for (const [name, message] of Object.entries(messages)) {
    const [, index, field] = PERSON_FIELD.exec(name) ?? [];
    if (index === undefined || field === undefined) {
      if (['consent', 'notifyBy', 'waitlistFull', 'giftAmount'].includes(name)) errors[name] ??= message;
      else failure ??= message;
      continue;
    }
    const shared = (field === 'email' || field === 'mobile') && group.people[Number(index)]?.sameContact;
    const at = field === 'consent' || field === 'notifyBy' ? field : shared ? `people.0.${field}` : name;
    errors[at] ??= message;
  }
  return { errors, failure };
}
