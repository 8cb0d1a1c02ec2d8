import type { Discipline } from '../events/event.ts';
import { isMinor, YOUNGEST_ENTRANT } from './guardian.ts';

/** One person's block on the group form, as its inputs hold it (text as typed). */
export interface GroupPersonValues {
  discipline: Discipline;
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  age: string;
  gender: string;
  raceType: string;
  nextOfKinMobile: string;
  tshirtSize: string;
  guardianName: string;
  guardianMobile: string;
  guardianConsent: boolean;
  listedInSearch: boolean;
  /** "Show my name in published results" (ticked by default). */
  showInResults: boolean;
  /** "Same contact as …": this person is sent with the contact's (the first person's) mobile and email. */
  sameContact: boolean;
}

/** The group form: its people, and what is asked once for all of them. */
export interface GroupFormValues {
  people: GroupPersonValues[];
  /** "Send my confirmation by", while the event's SMS are on; '' (none) otherwise. */
  notifyBy: string;
  consent: boolean;
  /** "Register the others now and put <name> on the waitlist". */
  waitlistFull: boolean;
  /** "Add a gift to <cause>" once for the group (issue 43), as on the single form; '' for none. */
  giftAmount: string;
  giftCurrency: 'USD' | 'ZWG';
}

const TICK_BOXES = ['guardianConsent', 'listedInSearch', 'showInResults', 'sameContact'] as const;
const TEXTS = [
  'firstName',
  'lastName',
  'email',
  'mobile',
  'age',
  'gender',
  'raceType',
  'nextOfKinMobile',
  'tshirtSize',
  'guardianName',
  'guardianMobile',
] as const;

export const emptyPerson = (discipline: Discipline): GroupPersonValues => ({
  discipline,
  firstName: '',
  lastName: '',
  email: '',
  mobile: '',
  age: '',
  gender: '',
  raceType: '',
  nextOfKinMobile: '',
  tshirtSize: '',
  guardianName: '',
  guardianMobile: '',
  guardianConsent: false,
  listedInSearch: false,
  showInResults: true,
  sameContact: false,
});

/**
 * What the contract reads from the form: everyone agrees once and is told the same way; those who share the
 * contact's details are sent with the contact's mobile and email.
 */
export function groupInputOf(values: GroupFormValues): {
  people: Record<string, unknown>[];
  waitlistFull: boolean;
  giftAmount: string;
  giftCurrency: 'USD' | 'ZWG';
} {
  const [contact] = values.people;
  return {
    people: values.people.map(({ sameContact, ...person }, index) => ({
      ...person,
      ...(sameContact && index > 0 && contact ? { email: contact.email, mobile: contact.mobile } : {}),
      consent: values.consent,
      notifyBy: values.notifyBy,
    })),
    waitlistFull: values.waitlistFull,
    giftAmount: values.giftAmount,
    giftCurrency: values.giftCurrency,
  };
}

/** The gift's currency as a form holds it: US dollars unless ZWG was chosen. */
export const giftCurrencyOf = (value: unknown) => (value === 'ZWG' ? 'ZWG' : 'USD');

/**
 * The group form from its inputs' names as a browser posts them (`people.1.firstName`), or undefined when the
 * form has no second person's fields (the single form). `fallback` is the page's discipline.
 */
export function groupFormOf(
  field: (name: string) => string | undefined,
  ticked: (name: string) => boolean,
  fallback: Discipline,
): GroupFormValues | undefined {
  const people: GroupPersonValues[] = [];
  // However many were posted: the contract refuses more than MAX_GROUP, beside the fields, as any other error.
  for (let index = 0; ; index++) {
    const at = (name: string) => `people.${index}.${name}`;
    if (field(at('firstName')) === undefined) break;
    const person = emptyPerson(field(at('discipline')) === 'cycle' ? 'cycle' : fallback);
    for (const name of TEXTS) person[name] = field(at(name)) ?? '';
    for (const name of TICK_BOXES) person[name] = ticked(at(name));
    people.push(person);
  }
  if (people.length < 2) return undefined;
  return {
    people,
    notifyBy: field('notifyBy') ?? '',
    consent: ticked('consent'),
    waitlistFull: ticked('waitlistFull'),
    giftAmount: field('giftAmount') ?? '',
    giftCurrency: giftCurrencyOf(field('giftCurrency')),
  };
}

/** The group form as flat values by its inputs' names, as a server-rendered page carries a form's values. */
export function flatGroupForm(values: GroupFormValues): Record<string, string | boolean> {
  const flat: Record<string, string | boolean> = {
    notifyBy: values.notifyBy,
    consent: values.consent,
    waitlistFull: values.waitlistFull,
    giftAmount: values.giftAmount,
    giftCurrency: values.giftCurrency,
  };
  values.people.forEach((person, index) => {
    for (const [name, value] of Object.entries(person)) flat[`people.${index}.${name}`] = value;
  });
  return flat;
}

/**
 * A child's parent or guardian is the contact until told otherwise: the empty guardian fields of anyone after
 * the contact whose age is a minor's are filled with the contact's name and mobile (the form without script,
 * answered by the server, does what the script's form does as the age is typed).
 */
export function withContactAsGuardian(values: GroupFormValues): GroupFormValues {
  const [contact] = values.people;
  if (!contact) return values;
  return {
    ...values,
    people: values.people.map((person, index) => {
      const age = Number(person.age.trim());
      if (index === 0 || !/^\d+$/.test(person.age.trim()) || age < YOUNGEST_ENTRANT || !isMinor(age))
        return person;
      return {
        ...person,
        guardianName: person.guardianName || `${contact.firstName} ${contact.lastName}`.trim(),
        guardianMobile: person.guardianMobile || contact.mobile,
      };
    }),
  };
}
