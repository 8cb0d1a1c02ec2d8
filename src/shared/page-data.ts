import type { GiftMade } from './gifts/gifts.ts';
import type { GroupReceipt } from './registrations/group.ts';
import type { RegistrationAnswer, Told } from './registrations/registration.ts';
import type { WaitlistReceipt } from './waitlist/waitlist.ts';

/** A form the server got back without JavaScript: what was typed, each field's message, and the refusal. */
export interface ServerForm {
  values: Record<string, string | boolean>;
  errors: Record<string, string>;
  failure?: string;
  /** What the form did, said where it was ("Tell me about next year": the address was noted). */
  done?: string;
  /** A group form's people whose race is full (issue 36): marked, and offered its waitlist. */
  full?: number[];
}

/**
 * What a server-rendered page was rendered with, sent beside its HTML (a JSON script: the CSP runs no
 * inline script) so that the browser's first render matches it and asks the server for nothing more.
 */
export interface PageData {
  /** Query results by their query key, as the page's hooks read them. */
  queries: [readonly unknown[], unknown][];
  /** The hidden key of the registration form on the page, so the script sends what the form would. */
  formKey?: string;
  form?: ServerForm;
  /**
   * The answer to a registration form posted without JavaScript, for the Thank-you page the server answers it
   * with. A new entry's carries its private link, so that page is answered no-store and its address stays
   * the form's (the browser's script then names it /Thankyou, without the answer).
   */
  receipt?: (RegistrationAnswer | WaitlistReceipt | GroupReceipt) & Told;
  /** A private link's page whose token opens nothing (answered 404): the token and why, shown instead. */
  linkRefused?: { token: string; message: string };
  /** A gift made by /Give's form without JavaScript (issue 43): its reference and what to pay. */
  gift?: GiftMade;
}
