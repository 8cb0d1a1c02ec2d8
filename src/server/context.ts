import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from './auth/auth.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { Env } from './env.ts';
import type { CurrentEventCache } from './features/events/current-event.ts';
import type { Links } from './links.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Signals } from './signals.ts';
import type { SmsSender } from './sms/sender.ts';
import type { FileStore } from './storage/files.ts';
import type { MediaStore } from './storage/media.ts';

/** What every feature is given: its own module, so features never import the app that imports them. */
export interface AppContext {
  env: Env;
  /** The server's secret (SESSION_SECRET or the one kept in DATA_DIR): keys for stored secrets derive from it. */
  secret: string;
  database: DatabaseHandle;
  mailer: Mailer;
  /** The SMS outbox's sender (txt.co.zw); kick() it after queuing a text. */
  sms: SmsSender;
  auth: Auth;
  /** The current event in memory, for the registration path. */
  currentEvent: CurrentEventCache;
  /** Where public uploads (event photo, logo) are kept. */
  media: MediaStore;
  /** Private uploads (assignments). */
  files: FileStore;
  /** The site's own addresses (from PUBLIC_URL), for mails and Paynow. */
  links: Links;
  /** What happened to entries, for the features that react to it (receipts, the waitlist). */
  signals: Signals;
  /** The server's log: a service logs what it leaves behind (a file not removed, a message ignored). */
  log: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    context: AppContext;
  }
}
