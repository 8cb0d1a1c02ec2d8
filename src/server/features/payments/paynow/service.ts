import { randomBytes } from 'node:crypto';
import type { CurrentUser } from '../../../../shared/accounts/account.ts';
import { harareToday } from '../../../../shared/dates.ts';
import { amountDue, fromCents, owes, toCents } from '../../../../shared/payments/balance.ts';
import type {
  OnlinePaymentSettingsInput,
  OnlinePaymentSettingsView,
  PaymentAttempt,
  PaymentOffer,
  StartPayment,
} from '../../../../shared/payments/online-payment.ts';
import { WALLET_NUMBER_MESSAGE, walletNumber } from '../../../../shared/payments/online-payment.ts';
import {
  DEFAULT_OMARI_METHOD,
  isCodeWallet,
  type OnlinePaymentMethod,
  type OnlinePaymentSettings,
} from '../../../../shared/payments/online-payment-settings.ts';
import type { PaymentNotice, PaymentNoticesPage } from '../../../../shared/payments/payment-notices.ts';
import { groupReference } from '../../../../shared/registrations/group.ts';
import { MY_TOKEN } from '../../../../shared/registrations/my-registration.ts';
import { teamReference } from '../../../../shared/registrations/team.ts';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/client.ts';
import { type PaidTogether, togetherOfAttempt } from '../../../db/paid-together.ts';
import { PAYNOW_MESSAGES } from '../../../http/limits.ts';
import { badRequest, conflict, notFound } from '../../../http/problem.ts';
import { qrSvg } from '../../../qr-code.ts';
import { type AuditActor, recordAudit } from '../../audit-log/service.ts';
import { assertPublished, getCurrentEventId, getEdition, isEventOver } from '../../events/service.ts';
import { giftOfPayToken, giftsDueOf, receiveGiftOnline } from '../../gifts/service.ts';
import { entryOfLink, RACE_OVER_NO_CHANGES } from '../../my-registration/service.ts';
import { participantDetail } from '../../participants/service.ts';
import { recordOnlinePayment } from '../ledger.ts';
import { recordPaynowRefund } from '../refunds/service.ts';
import { decryptIntegrationKey, encryptIntegrationKey } from './integration-key.ts';
import {
  FINAL_STATUSES,
  PAID_STATUSES,
  PaynowClient,
  type PaynowFields,
  type StatusUpdate,
  statusUpdateOf,
} from './paynow-client.ts';
import { checkPromptLimits } from './prompt-limits.ts';
import {
  attemptUnderWayFor,
  claimDueAttempts,
  countUncheckedMessage,
  entryAttemptUnderWay,
  findAttempt,
  findAttemptByTrace,
  findPaynowSettings,
  giftAttemptUnderWay,
  groupOfEntry,
  insertAttempt,
  keepNotice,
  latestAttemptOf,
  latestGiftAttemptOf,
  latestPayLinkAttemptOf,
  latestTeamAttemptOf,
  lockEntry,
  lockGiftRow,
  markNoticeReviewed,
  markPaid,
  membersOwing,
  noticeCounts,
  noticesForReview,
  type OnlinePaymentRow,
  pollSoon,
  purgeUnattachedBefore,
  savePaynowSettings,
  teamOfAccount,
  uncheckedMessages,
  updateAttempt,
} from './repository.ts';

const DEFAULT_SETTINGS: OnlinePaymentSettings = {
  enabled: false,
  integrationId: '',
  methods: ['ecocash', 'web'],
  currency: 'USD',
};

/** How our server follows an attempt: it asks Paynow at growing intervals, then gives up. */
export interface PollTiming {
  minDelayMs: number;
  maxDelayMs: number;
  giveUpAfterMs: number;
}
export const POLL_TIMING: PollTiming = { minDelayMs: 1000, maxDelayMs: 5000, giveUpAfterMs: 10 * 60_000 };

// ---- Settings -------------------------------------------------------------------------------------------

export async function onlinePaymentSettings(context: AppContext): Promise<OnlinePaymentSettingsView> {
  const eventId = await getCurrentEventId(context.database.db);
  const row = await findPaynowSettings(context.database.db, eventId);
  const settings = row?.settings ?? DEFAULT_SETTINGS;
  return {
    ...settings,
    omariMethod: settings.omariMethod ?? DEFAULT_OMARI_METHOD,
    keySet: Boolean(row?.keyEncrypted),
  };
}

export async function saveOnlinePaymentSettings(
  context: AppContext,
  input: OnlinePaymentSettingsInput,
  /** Whoever saves them (null: set up by the server or a test). */
  actor: AuditActor = null,
): Promise<OnlinePaymentSettingsView> {
  const { db } = context.database;
  const eventId = await getCurrentEventId(db);
  const row = await findPaynowSettings(db, eventId);
  if (input.enabled && !input.integrationKey && !row?.keyEncrypted) {
    throw badRequest('Please check the form.', [
      { path: 'integrationKey', message: 'Enter the integration key to turn online payment on' },
    ]);
  }
  const { integrationKey, omariMethod, ...rest } = input;
  const settings: OnlinePaymentSettings = { ...rest, omariMethod: omariMethod ?? DEFAULT_OMARI_METHOD };
  const encrypted = integrationKey
    ? encryptIntegrationKey(context.secret, eventId, integrationKey)
    : undefined;
  await db.transaction(async (tx) => {
    await savePaynowSettings(tx, eventId, settings, encrypted);
    // Which settings, and whether the key was replaced: never the key itself.
    await recordAudit(tx, actor, {
      action: 'online-payment.update',
      subject: `event ${eventId}`,
      details: { enabled: settings.enabled, keyReplaced: Boolean(encrypted) },
    });
  });
  paynowCacheOf(context).delete(eventId);
  return onlinePaymentSettings(context);
}

type Paynow = { client: PaynowClient; settings: OnlinePaymentSettings };

/**
 * Clients by event, kept a few seconds: the result URL and the poller, which settle attempts already made,
 * must answer hundreds of updates a second without reading and decrypting the key for each. A change saved
 * here clears it; one saved by another server is seen there within PAYNOW_CACHE_MS. Starting a payment reads
 * the settings afresh (paynowFor), so Paynow turned off on any server starts none anywhere.
 */
const PAYNOW_CACHE_MS = 5000;
const paynowCaches = new WeakMap<
  AppContext,
  Map<string, { until: number; paynow: Promise<Paynow | null> }>
>();
function paynowCacheOf(context: AppContext) {
  let cache = paynowCaches.get(context);
  if (!cache) {
    cache = new Map();
    paynowCaches.set(context, cache);
  }
  return cache;
}

/** The event's Paynow client and settings, or null when online payment is off or the key cannot be read. */
function paynowOf(context: AppContext, eventId: string, fresh = false): Promise<Paynow | null> {
  const cache = paynowCacheOf(context);
  const cached = cache.get(eventId);
  if (cached && cached.until > Date.now() && !fresh) return cached.paynow;
  const paynow = loadPaynow(context, eventId);
  cache.set(eventId, { until: Date.now() + PAYNOW_CACHE_MS, paynow });
  paynow.catch(() => cache.delete(eventId));
  return paynow;
}

async function loadPaynow(context: AppContext, eventId: string): Promise<Paynow | null> {
  const row = await findPaynowSettings(context.database.db, eventId);
  if (!row?.settings?.enabled || !row.keyEncrypted) return null;
  const key = decryptIntegrationKey(context.secret, eventId, row.keyEncrypted);
  if (!key) return null;
  const client = new PaynowClient({
    baseUrl: context.env.PAYNOW_URL,
    integrationId: row.settings.integrationId,
    integrationKey: key,
  });
  return { client, settings: row.settings };
}

// ---- The payer's side -----------------------------------------------------------------------------------

const stateOf = (row: OnlinePaymentRow): PaymentAttempt['state'] =>
  row.paidAt ? 'paid' : row.error || FINAL_STATUSES.includes(row.status) ? 'failed' : 'pending';

function attemptView(row: OnlinePaymentRow): PaymentAttempt {
  const state = stateOf(row);
  return {
    id: row.id,
    method: row.method,
    state,
    paynowStatus: row.status,
    amount: row.amount,
    currency: row.currency,
    pays: row.giftId ? 'gift' : row.groupId ? 'group' : row.companyAccountId ? 'team' : 'entry',
    browserUrl: state === 'pending' ? row.browserUrl : null,
    message: state === 'failed' ? (row.error ?? failureMessage(row.status)) : null,
    ...(state === 'pending' && row.authorizationCode
      ? { authorization: { code: row.authorizationCode, expires: row.authorizationExpires } }
      : {}),
  };
}

/** Paynow's name for the method: O'mari's is the admin's setting (`paygo` or `omari`). */
const wireMethod = (method: OnlinePaymentMethod, settings: OnlinePaymentSettings) =>
  method === 'omari' ? (settings.omariMethod ?? DEFAULT_OMARI_METHOD) : method;

function failureMessage(status: string) {
  if (status === 'Cancelled') return 'The payment was cancelled. Nothing was taken from your account.';
  if (status === 'Failed') return 'The payment did not go through. Nothing was taken from your account.';
  if (PAID_STATUSES.includes(status))
    return 'Paynow reported a payment we could not match; the organisers will check it.';
  return `Paynow reports the payment as ${status}. Please contact the organisers.`;
}

async function payerEntry(context: AppContext, token: string) {
  const { id, eventId, over } = await entryOfLink(context, MY_TOKEN.test(token) ? token : '');
  return entryToPay(context, id, eventId, over);
}

/** An entry as a payment needs it: its details, its edition, and whether its event is over (read-only). */
export async function entryToPay(context: AppContext, id: string, eventId: string, over: boolean) {
  return { ...(await participantDetail(context, id)), eventId, over };
}
export type EntryToPay = Awaited<ReturnType<typeof entryToPay>>;

/** Notices about our attempts per page of the admin's review. */
const NOTICES_PER_PAGE = 20;
/** Notices about no attempt, and hours of unchecked messages, shown (the newest). */
const OTHERS_SHOWN = 20;

type NoticeRow = Awaited<ReturnType<typeof noticesForReview>>[number];
const noticeView = ({ payload, ...row }: NoticeRow): PaymentNotice => ({
  ...row,
  receivedAt: row.receivedAt.toISOString(),
  lastReceivedAt: row.lastReceivedAt.toISOString(),
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
  fields: Object.fromEntries(Object.entries(payload).filter(([key]) => key.toLowerCase() !== 'hash')),
});

/**
 * Paynow's messages that changed nothing, for an admin to look into: a page of those about our attempts
 * (not reviewed first), apart from and before those about none and the counts of messages nobody could have
 * signed, so that forged posts cannot bury a real payment's notice.
 */
export async function paymentNotices(context: AppContext, page = 1): Promise<PaymentNoticesPage> {
  const { db } = context.database;
  const [attempts, counts, others, otherCounts, unchecked] = await Promise.all([
    noticesForReview(db, {
      aboutAttempts: true,
      limit: NOTICES_PER_PAGE,
      offset: (page - 1) * NOTICES_PER_PAGE,
    }),
    noticeCounts(db, true),
    noticesForReview(db, { aboutAttempts: false, limit: OTHERS_SHOWN, offset: 0 }),
    noticeCounts(db, false),
    uncheckedMessages(db, OTHERS_SHOWN),
  ]);
  return {
    attempts: { notices: attempts.map(noticeView), ...counts, page, pageSize: NOTICES_PER_PAGE },
    other: { notices: others.map(noticeView), total: otherCounts.total },
    unchecked: {
      hours: unchecked.rows.map((row) => ({
        hour: row.hour.toISOString(),
        source: row.source,
        count: row.count,
      })),
      messages: unchecked.messages,
      sources: unchecked.sources,
    },
  };
}

export async function reviewPaymentNotice(context: AppContext, id: number, admin: CurrentUser) {
  if (!(await markNoticeReviewed(context.database.db, id, admin.name))) {
    throw notFound('There is no such message.');
  }
}

/**
 * Notices about no attempt of ours and counts of unchecked messages, deleted once older than
 * PAYNOW_MESSAGES.unattachedKeptMs (the retention run calls this); pass the transaction.
 */
export async function purgeOldPaynowMessages(tx: Database, now = new Date()) {
  return purgeUnattachedBefore(tx, new Date(now.getTime() - PAYNOW_MESSAGES.unattachedKeptMs));
}

/** What the holder of the entry's private link may pay, and how the last attempt went. */
export async function paymentOffer(context: AppContext, token: string): Promise<PaymentOffer> {
  const entry = await payerEntry(context, token);
  const settings = await offeredSettings(context, entry.eventId);
  const latest = settings ? await latestAttemptOf(context.database.db, entry.id) : undefined;
  const group = await groupToPay(context.database.db, entry.id, settings?.currency ?? 'USD');
  return {
    enabled: settings !== null && entry.status === 'active' && !entry.over,
    methods: settings?.methods ?? [],
    currency: settings?.currency ?? 'USD',
    amount: settings ? await dueWithGift(context.database.db, entry, settings.currency) : null,
    paid: !owes(entry.paymentStatus) && !(await giftsDueOf(context.database.db, [entry.id])).has(entry.id),
    latest: latest ? attemptView(latest) : null,
    // The link's holder sees the entry's contacts on /My anyway.
    phone: walletNumber(entry.mobile),
    ...(group ? { group: { reference: group.reference, amount: group.amount } } : {}),
  };
}

/**
 * What the entry owes in the currency with its unpaid gift in it (issue 43): one amount, paid by one attempt;
 * the gift alone once the fee is paid.
 */
export async function dueWithGift(
  db: Database,
  entry: Parameters<typeof amountDue>[0] & { id: string },
  currency: 'USD' | 'ZWG',
) {
  const fee = owes(entry.paymentStatus) ? amountDue(entry, currency) : '0.00';
  const gift = (await giftsDueOf(db, [entry.id])).get(entry.id);
  if (!gift || gift.currency !== currency || fee === null) return fee;
  return fromCents(toCents(fee) + toCents(gift.amount));
}

/** The event's online payment settings when payment is on (its key set), else null. */
export async function offeredSettings(context: AppContext, eventId: string) {
  const row = await findPaynowSettings(context.database.db, eventId);
  return row?.settings?.enabled && row.keyEncrypted ? row.settings : null;
}

/** How the latest attempt started from a pay link to the entry (or to its group) went, for the pay link's page. */
export async function latestPayLinkAttempt(
  context: AppContext,
  target: { registrationId: string } | { groupId: string },
) {
  const row = await latestPayLinkAttemptOf(context.database.db, target);
  return row ? attemptView(row) : null;
}

/**
 * What a group's or team's entries still owe in the currency (their dues, part payments' balances; null when
 * one who owes has no fee known in it): what a payment of its total asks for.
 */
async function totalOwed(db: Database, together: PaidTogether, eventId: string, currency: 'USD' | 'ZWG') {
  const members = await membersOwing(db, together, eventId);
  const dues = members.map((member) =>
    amountDue(
      {
        paymentStatus: member.paymentStatus,
        payment: { amount: member.paymentAmount, currency: member.paymentCurrency },
        fees: { USD: member.feeUsd, ZWG: member.feeZwg },
      },
      currency,
    ),
  );
  const amount = dues.some((due) => due === null)
    ? null
    : fromCents(dues.reduce((sum, due) => sum + toCents(due ?? '0'), 0));
  return {
    amount,
    firstOwing: members.find((member) => owes(member.paymentStatus))?.id,
    memberIds: members.map((member) => member.id),
  };
}

/**
 * The group an entry was registered with, and what it still owes in the currency (see totalOwed), with the
 * group's unpaid gift in that currency (issue 43): one amount, fees first then the gift when it is received.
 */
export async function groupToPay(db: Database, entryId: string, currency: 'USD' | 'ZWG') {
  const group = await groupOfEntry(db, entryId);
  if (!group) return undefined;
  const { amount, memberIds } = await totalOwed(db, { groupId: group.id }, group.eventId, currency);
  const gifts = [...(await giftsDueOf(db, memberIds)).values()].filter((gift) => gift.currency === currency);
  const giftCents = gifts.reduce((sum, gift) => sum + toCents(gift.amount), 0);
  return {
    id: group.id,
    reference: groupReference(group.prefix, group.code),
    amount: amount === null ? null : fromCents(toCents(amount) + giftCents),
    gift: giftCents > 0 ? { amount: fromCents(giftCents), currency } : null,
  };
}

/** Zimbabwe's wallets are prompted by their local number (0771234567). */
function walletOf(phone: string | undefined) {
  const local = walletNumber(phone ?? '');
  if (!local) throw badRequest('Please check the form.', [{ path: 'phone', message: WALLET_NUMBER_MESSAGE }]);
  return local;
}

const GROUP_PAYMENT_UNDER_WAY =
  'A payment for your group is already under way: approve it on the phone it prompted (or finish it on Paynow’s page). If it fails, you can try again.';
const TEAM_PAYMENT_UNDER_WAY =
  'A payment for your team is already under way: approve it on the phone it prompted (or finish it on Paynow’s page). If it fails, you can try again.';
const PAYMENT_UNDER_WAY =
  'A payment of this entry is already under way: approve it on your phone (or finish it on Paynow’s page). If it fails, you can try again.';
const FEE_NOT_SET = 'The fee for your race is not set yet: please pay as the organisers tell you.';

/** Starts a payment of the entry's fee: a prompt on the payer's phone, or Paynow's page for the browser. */
export async function startPayment(
  context: AppContext,
  token: string,
  request: StartPayment,
): Promise<PaymentAttempt> {
  return startPaymentOf(context, await payerEntry(context, token), request);
}

/** The event's Paynow, when it takes payments by the method asked for. */
async function paynowFor(context: AppContext, eventId: string, method: StartPayment['method']) {
  assertPublished(await getEdition(context.database.db, eventId));
  const paynow = await paynowOf(context, eventId, true);
  if (!paynow?.settings.methods.includes(method)) {
    throw notFound('Online payment is not offered for this entry.');
  }
  return paynow;
}

/**
 * Starts a payment of the entry's fee, or of its group's total: `byPayLink` when someone else pays it through
 * a pay link (the entry's history then says so, and the receipt still goes to the entrant).
 */
export async function startPaymentOf(
  context: AppContext,
  entry: EntryToPay,
  request: StartPayment,
  byPayLink = false,
): Promise<PaymentAttempt> {
  const { db } = context.database;
  if (entry.over) throw conflict(RACE_OVER_NO_CHANGES, 'race_over');
  const paynow = await paynowFor(context, entry.eventId, request.method);
  if (entry.status !== 'active') throw conflict('This entry was cancelled.');
  const { currency } = paynow.settings;
  const group = request.group ? await groupToPay(db, entry.id, currency) : undefined;
  if (request.group && !group) throw notFound('This entry is not in a group.');
  // What is still due: the fee, or a part payment's balance (the group's members' together), and a gift.
  const amount = group ? group.amount : await dueWithGift(db, entry, currency);
  if (
    group ? group.amount !== null && toCents(group.amount) === 0 : amount !== null && toCents(amount) === 0
  ) {
    throw conflict(group ? 'Your group is already paid.' : 'Your entry is already paid.');
  }
  if (!amount) throw conflict(FEE_NOT_SET);
  return beginAttempt(context, paynow, request, {
    eventId: entry.eventId,
    entryId: entry.id,
    reference: group?.reference ?? entry.reference,
    description: group ? `Fun run group ${group.reference}` : `Fun run entry ${entry.reference}`,
    authEmail: entry.email,
    amount,
    together: group ? { groupId: group.id } : undefined,
    underWay: group ? GROUP_PAYMENT_UNDER_WAY : PAYMENT_UNDER_WAY,
    byPayLink,
  });
}

// ---- A gift made on /Give alone (issue 43), by the giver's pay token ------------------------------------

const GIFT_PAYMENT_UNDER_WAY =
  'A payment of this gift is already under way: approve it on your phone (or finish it on Paynow’s page). If it fails, you can try again.';

/** How the giver may pay the gift online (offered only in Paynow's currency), and how the last attempt went. */
export async function giftPaymentOffer(context: AppContext, token: string): Promise<PaymentOffer> {
  const { db } = context.database;
  const gift = await giftOfPayToken(db, token);
  const settings = await offeredSettings(context, gift.eventId);
  const edition = await getEdition(db, gift.eventId);
  const latest = settings ? await latestGiftAttemptOf(db, gift.id) : undefined;
  const offered = settings !== null && settings.currency === gift.currency && edition.publishedAt !== null;
  return {
    // Still on once paid, as an entry's: the giver's page shows the paid attempt.
    enabled: offered,
    methods: settings?.methods ?? [],
    currency: gift.currency,
    amount: gift.status === 'paid' ? null : gift.amount,
    paid: gift.status === 'paid',
    latest: latest ? attemptView(latest) : null,
    // Never the giver's contacts: the token is all a public endpoint is told.
    phone: null,
  };
}

/** Starts a payment of the gift: a prompt on the giver's phone, or Paynow's page. Once paid, never again. */
export async function startGiftPayment(
  context: AppContext,
  token: string,
  request: StartPayment,
): Promise<PaymentAttempt> {
  const gift = await giftOfPayToken(context.database.db, token);
  if (gift.status === 'paid') throw conflict('This gift is paid already. Thank you!', 'gift_paid');
  const paynow = await paynowFor(context, gift.eventId, request.method);
  if (paynow.settings.currency !== gift.currency) {
    throw conflict(
      `Online payment is taken in ${paynow.settings.currency} only: please pay by bank transfer.`,
    );
  }
  return beginAttempt(context, paynow, request, {
    eventId: gift.eventId,
    entryId: '',
    giftId: gift.id,
    reference: gift.reference,
    description: `Gift ${gift.reference}`,
    authEmail: gift.giverEmail,
    amount: gift.amount,
    together: undefined,
    underWay: GIFT_PAYMENT_UNDER_WAY,
    byPayLink: false,
  });
}

/** One attempt of the gift, for the holder of its pay token only. */
export async function giftPaymentAttempt(context: AppContext, token: string, attemptId: string) {
  const gift = await giftOfPayToken(context.database.db, token);
  return attemptOf(context, attemptId, (row) => row.giftId === gift.id);
}

/** The QR code of a gift attempt's wallet code, for the holder of its pay token only. */
export async function giftPaymentCodeQr(context: AppContext, token: string, attemptId: string) {
  const gift = await giftOfPayToken(context.database.db, token);
  return attemptCodeQr(context, attemptId, (row) => row.giftId === gift.id);
}

/** What a company's team owes online (its manager's team page), and how its last payment went. */
export async function teamPaymentOffer(context: AppContext, companyAccountId: string): Promise<PaymentOffer> {
  const { db } = context.database;
  const eventId = await getCurrentEventId(db);
  const [settings, edition] = await Promise.all([offeredSettings(context, eventId), getEdition(db, eventId)]);
  const currency = settings?.currency ?? 'USD';
  const team = { companyAccountId };
  const { amount } = await totalOwed(db, team, eventId, currency);
  const latest = settings ? await latestTeamAttemptOf(db, companyAccountId) : undefined;
  return {
    enabled: settings !== null && edition.publishedAt !== null && !isEventOver(edition),
    methods: settings?.methods ?? [],
    currency,
    amount: amount !== null && toCents(amount) > 0 ? amount : null,
    paid: amount !== null && toCents(amount) === 0,
    latest: latest ? attemptView(latest) : null,
    phone: null,
  };
}

/** Starts a payment of a company's team's total: its entries who owe, in order; one receipt to the company. */
export async function startTeamPayment(
  context: AppContext,
  companyAccountId: string,
  request: StartPayment,
): Promise<PaymentAttempt> {
  const { db } = context.database;
  const eventId = await getCurrentEventId(db);
  const edition = await getEdition(db, eventId);
  if (isEventOver(edition)) throw conflict(RACE_OVER_NO_CHANGES, 'race_over');
  const paynow = await paynowFor(context, eventId, request.method);
  const team = await teamOfAccount(db, companyAccountId, eventId);
  const { amount, firstOwing } = await totalOwed(db, { companyAccountId }, eventId, paynow.settings.currency);
  if (!team || !firstOwing) throw conflict('Your team has nothing to pay.');
  if (!amount)
    throw conflict('The fee for a race of your team is not set yet: please pay as the organisers tell you.');
  const reference = teamReference(team.prefix, team.code);
  return beginAttempt(context, paynow, request, {
    eventId,
    entryId: firstOwing,
    reference,
    description: `Fun run team ${reference}`,
    authEmail: team.email,
    amount,
    together: { companyAccountId },
    underWay: TEAM_PAYMENT_UNDER_WAY,
    byPayLink: false,
  });
}

/** One attempt of the company's team's payments; the same 404 for any other id. */
export const teamPaymentAttempt = (context: AppContext, companyAccountId: string, attemptId: string) =>
  attemptOf(context, attemptId, (row) => row.companyAccountId === companyAccountId);

/** The QR code of one of the team's attempts' wallet code. */
export const teamPaymentCodeQr = (context: AppContext, companyAccountId: string, attemptId: string) =>
  attemptCodeQr(context, attemptId, (row) => row.companyAccountId === companyAccountId);

/** What one attempt pays, and for whom it is filed. */
interface AttemptTarget {
  eventId: string;
  /** The entry it is filed under: the one whose link started it, or a team's first who owes. */
  entryId: string;
  /** The entry's, group's or team's reference, which the merchant trace starts with. */
  reference: string;
  description: string;
  /** None for an entrant without email: Paynow then asks the payer itself. */
  authEmail: string | null;
  amount: string;
  together: PaidTogether | undefined;
  /** Why a second attempt is refused while one is under way. */
  underWay: string;
  byPayLink: boolean;
  /** A gift made on /Give alone (issue 43): the attempt is the gift's, no entry's (entryId unused). */
  giftId?: string;
}

async function beginAttempt(
  context: AppContext,
  paynow: Paynow,
  request: StartPayment,
  target: AttemptTarget,
): Promise<PaymentAttempt> {
  const { db } = context.database;
  const { currency } = paynow.settings;
  const { together, amount } = target;
  const phone = request.method === 'web' ? null : walletOf(request.phone);
  const merchantTrace = `${target.reference}-${randomBytes(6).toString('hex')}`.slice(0, 32);
  // One attempt under way at a time: a second tap, or a second tab, must not prompt the wallet twice.
  const attempt = await db.transaction(async (tx) => {
    // A group's or team's entries are locked in one order, so that payments and changes started from any of them wait in turn.
    const { giftId } = target;
    if (giftId) {
      await lockGiftRow(tx, giftId);
      if (await giftAttemptUnderWay(tx, giftId)) throw conflict(target.underWay);
      await checkPromptLimits(tx, { giftId }, phone);
    } else {
      const locked = together
        ? (await membersOwing(tx, together, target.eventId)).map((member) => member.id)
        : [];
      for (const id of [...new Set([...locked, target.entryId])].sort()) await lockEntry(tx, id);
      // One payment at a time of an entry, and of a group or team, whichever link or manager started it.
      const busy = together
        ? await attemptUnderWayFor(tx, together, target.eventId)
        : await entryAttemptUnderWay(tx, target.entryId);
      if (busy) throw conflict(target.underWay);
      await checkPromptLimits(tx, { registrationId: target.entryId }, phone);
    }
    return insertAttempt(tx, {
      registrationId: giftId ? null : target.entryId,
      giftId: giftId ?? null,
      groupId: together && 'groupId' in together ? together.groupId : null,
      companyAccountId: together && 'companyAccountId' in together ? together.companyAccountId : null,
      byPayLink: target.byPayLink,
      method: request.method,
      phone,
      amount,
      currency,
      merchantTrace,
    });
  });
  const links = context.links;
  const payment = {
    reference: merchantTrace,
    amount: Number(amount).toFixed(2),
    additionalInfo: target.description,
    // Never the private link: Paynow has no business holding a key to the entry.
    returnUrl: `${links.page('/PaymentReturn')}`,
    resultUrl: `${links.page('/api/paynow/result')}`,
    authEmail: target.authEmail,
    merchantTrace,
  };
  const answer =
    request.method === 'web' || phone === null
      ? await paynow.client.initiate(payment)
      : await paynow.client.initiateMobile(payment, phone, wireMethod(request.method, paynow.settings));

  switch (answer.outcome) {
    case 'ok':
      await updateAttempt(db, attempt.id, {
        status: 'Sent',
        pollUrl: answer.pollUrl,
        browserUrl: answer.browserUrl ?? null,
        instructions: answer.instructions ?? null,
        paynowReference: answer.paynowReference ?? null,
        authorizationCode: answer.authorization?.code ?? null,
        authorizationExpires: answer.authorization?.expires ?? null,
        nextPollAt: new Date(Date.now() + POLL_TIMING.minDelayMs),
      });
      break;
    case 'error':
      await updateAttempt(db, attempt.id, { status: 'Failed', error: paynowErrorMessage(answer.error) });
      break;
    case 'bad-hash':
      await keepNotice(db, {
        source: 'initiate',
        problem: 'bad hash',
        payload: Object.fromEntries(answer.fields),
        onlinePaymentId: attempt.id,
      });
      await updateAttempt(db, attempt.id, {
        status: 'Failed',
        error:
          'Paynow’s answer could not be checked, so the payment was not started. Please try again later.',
      });
      break;
    case 'unreachable':
      // Paynow may have started it all the same: the poller asks by merchant trace.
      await updateAttempt(db, attempt.id, { nextPollAt: new Date(Date.now() + POLL_TIMING.minDelayMs) });
      break;
  }
  return attemptView((await findAttempt(db, attempt.id)) ?? attempt);
}

function paynowErrorMessage(error: string) {
  if (/insufficient/i.test(error)) return 'There is not enough money in the wallet. Nothing was taken.';
  return `Paynow could not start the payment: ${error}`;
}

/** One attempt, for the holder of its entry's private link only. */
export async function paymentAttempt(
  context: AppContext,
  token: string,
  attemptId: string,
): Promise<PaymentAttempt> {
  const entry = await payerEntry(context, token);
  return attemptOf(context, attemptId, (row) => row.registrationId === entry.id);
}

/** One attempt, when `belongs` (to whoever asks); the same 404 for any other id. */
export async function attemptOf(
  context: AppContext,
  attemptId: string,
  belongs: (row: OnlinePaymentRow) => boolean,
): Promise<PaymentAttempt> {
  const row = /^[0-9a-f-]{36}$/i.test(attemptId)
    ? await findAttempt(context.database.db, attemptId)
    : undefined;
  if (!row || !belongs(row)) throw notFound('There is no such payment.');
  return attemptView(row);
}

/**
 * The QR code of an InnBucks or O'mari attempt's code, which the wallet's app scans, for whoever may see the
 * attempt (`belongs`); drawn by us, never Paynow's `authorizationqr`. None once the attempt is settled.
 */
export async function attemptCodeQr(
  context: AppContext,
  attemptId: string,
  belongs: (row: OnlinePaymentRow) => boolean,
): Promise<string> {
  const row = /^[0-9a-f-]{36}$/i.test(attemptId)
    ? await findAttempt(context.database.db, attemptId)
    : undefined;
  if (!row || !belongs(row)) throw notFound('There is no such payment.');
  const code = attemptView(row).authorization?.code;
  if (!code || !isCodeWallet(row.method)) throw notFound('This payment has no code to scan.');
  return qrSvg(code);
}

/** The QR code of an attempt's wallet code, for the holder of its entry's private link only. */
export async function paymentCodeQr(context: AppContext, token: string, attemptId: string) {
  const entry = await payerEntry(context, token);
  return attemptCodeQr(context, attemptId, (row) => row.registrationId === entry.id);
}

// ---- Paynow's side --------------------------------------------------------------------------------------

async function notice(
  context: AppContext,
  source: 'result-url' | 'poll' | 'initiate',
  problem: string,
  fields: PaynowFields,
  onlinePaymentId: string | null,
) {
  // The payload is kept for review, not logged: it names the entry.
  context.log.warn({ source, problem, onlinePaymentId }, 'Paynow message changed nothing');
  await keepNotice(context.database.db, {
    source,
    problem,
    payload: Object.fromEntries(fields),
    onlinePaymentId,
  });
}

/**
 * A status update posted to the result URL. Its word is not taken: a well-signed one makes the poller
 * confirm the attempt at once. So a duplicate, a late one or a forged one changes nothing by itself. One
 * that names no attempt of ours is kept for review only when Paynow signed it; anyone could have sent the
 * others, so they are counted per client address (`from`) and hour.
 */
export async function receiveStatusUpdate(
  context: AppContext,
  fields: PaynowFields,
  from: string,
): Promise<{ settled: boolean }> {
  const { db } = context.database;
  const update = statusUpdateOf(fields);
  const attempt = update.reference ? await findAttemptByTrace(db, update.reference) : undefined;
  if (!attempt) {
    const paynow = await paynowOf(context, await getCurrentEventId(db));
    if (paynow?.client.verify(fields)) {
      await notice(context, 'result-url', 'unknown reference', fields, null);
    } else if ((await countUncheckedMessage(db, from)) === 1) {
      // Once an hour per address, so forged posts cannot fill the log either.
      context.log.warn({ from }, 'Paynow result URL: unsigned message for no attempt of ours (counted)');
    }
    return { settled: true };
  }
  const paynow = await paynowOf(context, attempt.eventId);
  if (!paynow?.client.verify(fields)) {
    await notice(context, 'result-url', 'bad hash', fields, attempt.id);
    return { settled: true };
  }
  if (await refundReported(context, attempt, update)) return { settled: false };
  if (attempt.paidAt || attempt.nextPollAt === null) return { settled: true };
  if (!attempt.pollUrl && update.pollUrl) await updateAttempt(db, attempt.id, { pollUrl: update.pollUrl });
  // Only news that ends the attempt is worth asking Paynow about at once; the poller follows the rest.
  if (!FINAL_STATUSES.includes(update.status) || attempt.nextPollAt <= new Date()) return { settled: true };
  await pollSoon(db, attempt.id);
  return { settled: false };
}

const sameAmount = (a: string, b: string) => Number(a).toFixed(2) === Number(b).toFixed(2);

const ONLINE_METHODS = {
  ecocash: 'paynow_ecocash',
  onemoney: 'paynow_onemoney',
  innbucks: 'paynow_innbucks',
  omari: 'paynow_omari',
  web: 'paynow_web',
} as const;

/** Attempts due to be asked about, leased to this server. */
export const claimDuePayments = (context: AppContext, limit: number, leaseSeconds: number) =>
  claimDueAttempts(context.database.db, limit, leaseSeconds);

/** Asks Paynow about one attempt and acts on a confirmed answer. */
export async function pollPayment(
  context: AppContext,
  attempt: OnlinePaymentRow,
  timing: PollTiming = POLL_TIMING,
) {
  const { db } = context.database;
  const age = Date.now() - attempt.createdAt.getTime();
  // A paid attempt is asked about again only when a refund was reported, however long after.
  if (age > timing.giveUpAfterMs && !attempt.paidAt) {
    await updateAttempt(db, attempt.id, {
      nextPollAt: null,
      error:
        'We did not hear back from Paynow in time. If money was taken, the organisers will see it; otherwise please try again.',
    });
    return;
  }
  const again = (change: Partial<OnlinePaymentRow> = {}) =>
    updateAttempt(db, attempt.id, {
      ...change,
      // A paid attempt asked about once for a reported refund is not asked again: the next report asks.
      nextPollAt: attempt.paidAt
        ? null
        : new Date(Date.now() + Math.min(timing.maxDelayMs, Math.max(timing.minDelayMs, age / 4))),
    });

  const eventId = await getCurrentEventId(db);
  const paynow = await paynowOf(context, eventId);
  if (!paynow) return again();
  const answer = attempt.pollUrl
    ? await paynow.client.poll(attempt.pollUrl)
    : await paynow.client.trace(attempt.merchantTrace);
  if (answer.outcome === 'bad-hash') {
    await notice(context, 'poll', 'bad hash', answer.fields, attempt.id);
    return again();
  }
  if (answer.outcome !== 'ok') {
    if (answer.outcome !== 'not-found')
      context.log.warn({ onlinePaymentId: attempt.id, outcome: answer.outcome }, 'Paynow poll failed');
    return again();
  }
  await applyConfirmed(context, attempt, answer.update, answer.fields, again);
}

async function applyConfirmed(
  context: AppContext,
  attempt: OnlinePaymentRow,
  update: StatusUpdate,
  fields: PaynowFields,
  again: (change?: Partial<OnlinePaymentRow>) => Promise<void>,
) {
  const { db } = context.database;
  if (update.reference !== attempt.merchantTrace) {
    await notice(context, 'poll', 'reference differs', fields, attempt.id);
    return again();
  }
  const known = {
    paynowReference: update.paynowReference || attempt.paynowReference,
    pollUrl: update.pollUrl || attempt.pollUrl,
  };
  if (attempt.paidAt) {
    if (update.status === REFUNDED) await recordRefunded(context, attempt, known, fields);
    else await updateAttempt(db, attempt.id, { nextPollAt: null });
    return;
  }
  if (PAID_STATUSES.includes(update.status)) {
    if (!sameAmount(update.amount, attempt.amount)) {
      await notice(context, 'poll', 'amount differs', fields, attempt.id);
      await updateAttempt(db, attempt.id, {
        ...known,
        status: update.status,
        nextPollAt: null,
        error: 'Paynow reported a different amount; the organisers will check it and be in touch.',
      });
      return;
    }
    if (attempt.giftId) {
      const { giftId } = attempt;
      const paid = await db.transaction((tx) =>
        receiveGiftOnline(tx, context.links, giftId, ONLINE_METHODS[attempt.method]),
      );
      await markPaid(db, attempt.id, update.status, known.paynowReference ?? '');
      if (!paid) await notice(context, 'poll', 'paid, but the gift was paid already', fields, attempt.id);
      return;
    }
    // The lease keeps other pollers off this attempt; recording is idempotent by the Paynow reference, so
    // a server stopped between the two steps is repaired by the next poll.
    const outcome = await recordOnlinePayment(context, attempt.registrationId ?? '', {
      method: ONLINE_METHODS[attempt.method],
      amount: Number(update.amount).toFixed(2),
      currency: attempt.currency,
      paynowReference: known.paynowReference ?? '',
      paidOn: harareToday(),
      onlinePaymentId: attempt.id,
      together: togetherOfAttempt(attempt),
      byPayLink: attempt.byPayLink,
    });
    await markPaid(db, attempt.id, update.status, known.paynowReference ?? '');
    if (outcome !== 'recorded')
      await notice(context, 'poll', `paid, but the entry was ${outcome}`, fields, attempt.id);
    return;
  }
  if (FINAL_STATUSES.includes(update.status)) {
    await updateAttempt(db, attempt.id, { ...known, status: update.status, nextPollAt: null });
    return;
  }
  await again({ ...known, status: update.status || attempt.status });
}

const REFUNDED = 'Refunded';

/**
 * A well-signed "Refunded" for an attempt we recorded as paid: like "Paid", its word is not taken, the poller
 * asks Paynow at once (a paid attempt is otherwise never polled again). Answers whether a poll was asked.
 */
async function refundReported(
  context: AppContext,
  attempt: Pick<OnlinePaymentRow, 'id' | 'paidAt' | 'status'>,
  update: StatusUpdate,
) {
  if (update.status !== REFUNDED || !attempt.paidAt || attempt.status === REFUNDED) return false;
  await updateAttempt(context.database.db, attempt.id, { nextPollAt: new Date() });
  return true;
}

/**
 * Paynow confirmed a paid attempt refunded (issue 42): the refund is recorded with its credit note, once, and
 * the admin is told; the entry is not made unpaid behind the admin's back.
 */
async function recordRefunded(
  context: AppContext,
  attempt: OnlinePaymentRow,
  known: { paynowReference: string | null; pollUrl: string | null },
  fields: PaynowFields,
) {
  if (!attempt.registrationId) {
    // A gift's refund: no credit note of an entry; the admin decides.
    await updateAttempt(context.database.db, attempt.id, { ...known, status: REFUNDED, nextPollAt: null });
    await notice(context, 'poll', 'refunded by Paynow: the gift is still marked paid', fields, attempt.id);
    return;
  }
  const recorded = await recordPaynowRefund(context, {
    id: attempt.id,
    registrationId: attempt.registrationId,
    amount: attempt.amount,
    currency: attempt.currency,
    method: ONLINE_METHODS[attempt.method],
    paynowReference: known.paynowReference,
  });
  await updateAttempt(context.database.db, attempt.id, { ...known, status: REFUNDED, nextPollAt: null });
  if (recorded) {
    await notice(
      context,
      'poll',
      'refunded by Paynow: the entry is still marked paid; decide whether it is unpaid or cancelled',
      fields,
      attempt.id,
    );
  }
}
