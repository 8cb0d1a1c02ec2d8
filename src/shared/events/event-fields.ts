import * as z from 'zod/mini';
import { PaymentOptionsSchema } from './payment-options.ts';

/**
 * The event's own fields, as both the public event and the admin's settings give them. Its own module, so the
 * admin's settings contract reads it without the public event's schema.
 */
export const EVENT_FIELDS = {
  year: z.number(),
  title: z.string(),
  subtitle: z.string(),
  greeting: z.string(),
  contactPhone: z.string(),
  /** Base path of the photo's sizes (add "-640.webp" etc.); null = the built-in photo. */
  backgroundImage: z.nullable(z.string()),
  backgroundAlt: z.string(),
  logoImage: z.nullable(z.string()),
  /** What the landing page says about the fun run: HTML the server rendered from the admin's Markdown and sanitised. */
  descriptionHtml: z.string(),
  termsText: z.string(),
  termsVersion: z.number(),
  /** The admin's privacy notice; null: the standard one (src/shared/privacy), filled in with the facts below. */
  privacyText: z.nullable(z.string()),
  privacyVersion: z.number(),
  entryRetentionDays: z.number(),
  programmeRetentionDays: z.number(),
  /** False while the edition is a draft: the public pages say "Registration opens soon" and take nothing. */
  published: z.boolean(),
  registrationClosesAt: z.nullable(z.string()),
  /** YYYY-MM-DD, or null while it is not fixed. */
  eventDate: z.nullable(z.string()),
  venue: z.string(),
  /** Where the race's photos are (http or https), linked from the landing page after the race; null: none. */
  photosUrl: z.nullable(z.string()),
  payment: PaymentOptionsSchema,
  tshirtSizes: z.object({
    run: z.array(z.string().check(z.maxLength(20))),
    cycle: z.array(z.string().check(z.maxLength(20))),
  }),
};
