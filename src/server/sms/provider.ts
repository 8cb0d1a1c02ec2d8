/**
 * What sending a text message needs of a gateway, so that a second one (another Zimbabwean gateway, WhatsApp's
 * Cloud API) is one file beside txt-co-zw.ts. A failure is returned, never thrown: its reason is what the
 * gateway answered (at most 200 characters), kept on the message and shown to admins.
 */
export interface SmsProvider {
  send(message: { to: string; body: string }): Promise<SendResult>;
  /** What became of a message the gateway accepted. */
  check(gatewayId: string): Promise<DeliveryResult>;
}

export type SendResult = { ok: true; gatewayId: string } | { ok: false; reason: string };

/** `pending`: not final yet (ask again later). */
export type DeliveryState = 'pending' | 'delivered' | 'undelivered';
export type DeliveryResult =
  | { ok: true; state: DeliveryState; detail: string }
  | { ok: false; reason: string };

/** The first 200 characters of an answer that was not a success, on one line. */
export const failureReason = (text: string) =>
  text.replace(/\s+/g, ' ').trim().slice(0, 200) || 'empty answer';
