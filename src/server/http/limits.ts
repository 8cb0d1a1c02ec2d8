import { UPLOAD_LIMITS } from '../../shared/progress/progress-rules.ts';
import { MAX_GROUP } from '../../shared/registrations/group.ts';

// Every limit of the HTTP layer, in one place so the docs and the tests cite the same numbers.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export interface Limit {
  max: number;
  /** Milliseconds. */
  window: number;
}

/**
 * Per client address (a shared church Wi-Fi gets some room) and per email address in the body, counting
 * every call. Sign-in has no per-email count of calls: its wrong passwords are counted by SIGN_IN_THROTTLE.
 */
export const AUTH_LIMITS = {
  signIn: { ip: { max: 60, window: MINUTE } },
  signUp: { ip: { max: 100, window: 10 * MINUTE }, email: { max: 3, window: 10 * MINUTE } },
  emailLink: { ip: { max: 30, window: 10 * MINUTE }, email: { max: 3, window: 10 * MINUTE } },
} satisfies Record<string, { ip: Limit; email?: Limit }>;

/**
 * Per client address, one counter per action whichever door it comes through: the API, or a server-rendered
 * page and its form posted without JavaScript (see limitAction in rate-limits.ts).
 */
export const ACTION_LIMITS = {
  /**
   * Registering or joining a full race's waitlist: POST /api/registrations, /api/waitlist, /Register and
   * /RegisterCyclist. Wrong forms count too.
   */
  register: { max: 60, window: MINUTE },
  /** Finding entrants by name: GET /api/registrations/search and /Search?q=. Too few to sweep the list. */
  search: { max: 30, window: 10 * MINUTE },
  /**
   * "Tell me about next year" on the after-the-race landing: POST /api/next-year and the form posted to /.
   * A family gives a few addresses; nobody fills the list.
   */
  nextYear: { max: 10, window: 10 * MINUTE },
  /** A gift made on /Give without registering: POST /api/gifts and the form posted to /Give. Wrong forms count too. */
  give: { max: 20, window: 10 * MINUTE },
  /** Opening a server-rendered page (GET or HEAD of /, /Register, /Search…), redirects included. */
  page: { max: 300, window: MINUTE },
} satisfies Record<string, Limit>;

/** "Mail me my links" (/My): like an account's email links, per client address and per address asked for. */
export const MY_LINKS_LIMITS = {
  ip: { max: 30, window: 10 * MINUTE },
  email: { max: 3, window: 10 * MINUTE },
} satisfies { ip: Limit; email: Limit };

/**
 * "Text me my links" (/My), per client address: each text costs the church money (and 1 per number an hour is
 * kept by the SMS outbox itself).
 */
export const MY_LINKS_BY_SMS_LIMIT = { max: 20, timeWindow: '1 day' };

/**
 * "Your data, by your mobile number" (/Privacy): codes texted to a number to prove it. `perNumber` counts the
 * codes asked for a number (whether or not it has records, so the limit tells nothing), `perClient` is per client
 * address on asking for codes (each costs the church a text). A code lasts `codeMinutes` and dies after
 * `wrongTries` wrong tries; the proof it gives lasts `proofMinutes`.
 */
export const MOBILE_PROOF_LIMITS = {
  perNumber: { max: 3, window: HOUR },
  perClient: { max: 20, timeWindow: '1 day' },
  codeMinutes: 15,
  wrongTries: 5,
  proofMinutes: 30,
};

/**
 * Every private link's route (an entry's, an offer's, an email change's; access 'link'), per client address:
 * plenty for a family, nothing to sweep.
 */
export const PRIVATE_LINK_LIMIT = { max: 60, timeWindow: '1 minute' };

/**
 * A finisher's certificate from the published results, per client address: each is drawn afresh (a PNG or a
 * PDF), so nobody draws the whole field over and over.
 */
export const PUBLIC_CERTIFICATE_LIMIT = { max: 30, timeWindow: '1 minute' };

/**
 * Mails telling an entry's address of a change made on its private page, per address an hour: over it the
 * change is refused (429), so that none goes untold. A cancellation is always told.
 */
export const ENTRY_CHANGE_NOTICES = { perAddress: 10, windowSeconds: 60 * 60 };

/** The programme's public forms (a man joins, a facilitator applies), per client address. */
export const PROGRAMME_FORM_LIMIT = { max: 20, timeWindow: '1 minute' };

/**
 * Assignment uploads, per account: `perAccount` an hour (429 with Retry-After), and UPLOAD_LIMITS.concurrent
 * under way at once, a refused one told to come back after `concurrentRetrySeconds` (about how long a
 * document takes on a slow phone).
 */
export const UPLOAD_RATE = {
  perAccount: { max: UPLOAD_LIMITS.perHour, window: HOUR },
  concurrentRetrySeconds: 30,
};

/**
 * Online payment, per client address: starting payments (each prompts a phone), following one (the page asks
 * every 3 s), and Paynow's own status updates (its servers share few addresses; over the limit they are
 * answered OK unread, as Paynow resends only after an HTTP error and the poller settles real payments).
 */
export const PAYMENT_LIMITS = {
  start: { max: 10, timeWindow: '1 minute' },
  follow: { max: 120, timeWindow: '1 minute' },
  result: { max: 120, timeWindow: '1 minute' },
};

/** "Send a test SMS" on /EventSettings, per client address: each one is billed and rings a phone. */
export const SMS_TEST_LIMIT = { max: 10, timeWindow: '10 minutes' };

/** Paynow's result URL: what is kept of messages that name no attempt of ours. */
export const PAYNOW_MESSAGES = {
  /** Notices about no attempt, and counts of unchecked messages, are deleted after this (the retention run). */
  unattachedKeptMs: 30 * 24 * HOUR,
};

/**
 * Payment attempts per entry, whoever holds its link and from wherever: counted in the database from the
 * entry's attempts (so every server sees the same count), since each prompt rings a phone in the church's name.
 */
export const PAYMENT_PROMPT_LIMITS = {
  /** Different mobile-money numbers prompted for one entry. */
  numbers: { max: 3, window: 24 * HOUR },
  /** Attempts of any kind (a wallet prompt or Paynow's page) for one entry. */
  attempts: { max: 5, window: HOUR },
} satisfies Record<string, Limit>;

/**
 * Check-in search, per account (volunteers share the table's Wi-Fi): a table busy with walk-ups searches a few
 * times a minute, so `perVolunteer` is refused beyond (429), while `bulk` in its window is recorded once in
 * the audit trail (check-in.bulk-search), so an admin sees who looked through the entrants.
 */
export const CHECK_IN_SEARCH_LIMITS = {
  perVolunteer: { max: 60, window: MINUTE },
  bulk: { max: 50, window: 10 * MINUTE },
} satisfies Record<string, Limit>;

/**
 * Wrong passwords, counted so that guessing is slowed while the owner, from a client that has not
 * failed, can always sign in (see sign-in-throttle.ts).
 */
export const SIGN_IN_THROTTLE = {
  /**
   * Strict, per (email, client address): after `max` wrong passwords that client is refused for that
   * email until `window` has passed since its last wrong one.
   */
  perClient: { max: 10, window: 15 * MINUTE },
  /**
   * Gentle, per email from any address: after `freeFailures` wrong passwords, each further one makes
   * every client that has failed for this email wait, first `firstWait`, then twice as long each time,
   * up to `maxWait`. Forgotten `window` after the last wrong password.
   */
  perEmail: { freeFailures: 10, firstWait: SECOND, maxWait: 15 * MINUTE, window: 60 * MINUTE },
  /** Emails and (email, address) pairs remembered at most, oldest forgotten first: memory stays bounded. */
  maxEntries: 20_000,
};

const KB = 1024;

/**
 * Largest JSON body per route (multipart uploads have their own file-size limits: MAX_IMAGE_BYTES,
 * MAX_UPLOAD_BYTES). A body over its limit is refused from its Content-Length, or as soon as that much
 * has arrived, before any of it is parsed. Sized from the schemas: the largest valid body, every field
 * at its maximum length in 3-byte characters (UTF-8 as a browser's JSON.stringify sends it).
 */
export const BODY_LIMITS = {
  /** Every other route: the largest are the race list (12 KB: 40 races) and a person's details (3 KB). */
  default: 16 * KB,
  /** PUT /api/admin/event: terms of up to 20,000 characters and about 3,000 in other fields, 68 KB. */
  eventSettings: 96 * KB,
  /** POST and PUT /api/programme/groups: up to 500 member ids of 36 characters, 20 KB. */
  cellGroup: 32 * KB,
  /** POST /api/statements/:id/confirm: 5,000 line ids to skip (40 KB) and 1,000 chosen entries (70 KB). */
  statementConfirm: 128 * KB,
  /**
   * POST /api/registrations/group: MAX_GROUP people, each sized as a single registration's body (which the
   * default holds), so 8 × 16 KB.
   */
  groupRegistration: MAX_GROUP * 16 * KB,
  /** POST /api/paynow/result: Paynow's status update, a dozen short form fields. */
  paynowResult: 4 * KB,
};

/**
 * How long a client may take to send a request, so that slow senders cannot hold the server's
 * connections. The body rule is Apache mod_reqtimeout's: a fixed grace plus one second for every
 * `bodyMinRate` bytes received, so a trickle is cut while a phone uploading a photo slowly is not.
 */
export const HTTP_TIMEOUTS = {
  /** The request line and headers (Node's headersTimeout). */
  headers: 10 * SECOND,
  /** The body, before the allowance for bytes received. */
  bodyGrace: 20 * SECOND,
  /** Bytes per second: each this many bytes received buys one more second for the body. */
  bodyMinRate: 1000,
  /** The whole request, however steadily it arrives (Node's requestTimeout): a 10 MB upload needs 17 KB/s. */
  request: 10 * MINUTE,
  /** How often the limits above are checked (also Node's connectionsCheckingInterval): a request is cut at most this late. */
  checkEvery: 2 * SECOND,
};
