import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** A code texted to a number to prove it: six random digits. */
export const newTextedCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Keyed with the server's secret: a copy of the database alone cannot try the million codes against it. */
export const keyedDigest = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text).digest('base64url');

export const sameDigest = (one: string, other: string) =>
  one.length === other.length && timingSafeEqual(Buffer.from(one), Buffer.from(other));
