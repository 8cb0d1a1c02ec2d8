import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Env } from '../env.ts';

/**
 * Public images (the event's photo and logo, the cause's photo), served at /media/ under content-addressed
 * names such as "event/0123456789abcdef-640.webp". On the embedded database they live on disk under
 * DATA_DIR/uploads/public; with DATABASE_URL in PostgreSQL (database-files.ts), so that every server serves them.
 */
export interface MediaStore {
  write(name: string, body: Buffer): Promise<void>;
  /** The image's bytes, or null when there is none by that name. */
  read(name: string): Promise<Buffer | null>;
  /** The folder served as static files, when the images are on disk. */
  root?: string;
}

/** A name an image may have under /media/: nothing else is read, on disk or in the database. */
export const MEDIA_NAME = /^event\/[0-9a-f]{16}-(?:\d+\.(?:webp|avif)|placeholder\.webp|logo\.webp)$/;

export function mediaRoot(env: Pick<Env, 'DATA_DIR'>) {
  const root =
    env.DATA_DIR === 'memory://'
      ? mkdtempSync(path.join(tmpdir(), 'celebration-media-'))
      : path.resolve(env.DATA_DIR, 'uploads', 'public');
  mkdirSync(path.join(root, 'event'), { recursive: true });
  return root;
}

export function diskMediaStore(env: Pick<Env, 'DATA_DIR'>): MediaStore {
  const root = mediaRoot(env);
  return {
    root,
    write: (name, body) => writeFile(path.join(root, name), body),
    async read(name) {
      if (!MEDIA_NAME.test(name)) return null;
      try {
        return await readFile(path.join(root, name));
      } catch {
        return null;
      }
    },
  };
}

export const BACKGROUND_WIDTHS = [640, 1280, 1920] as const;
/** The photo's placeholder: 16 px wide, a few hundred bytes, shown (stretched, so blurred) until the photo arrives. */
export const PLACEHOLDER_WIDTH = 16;
const PLACEHOLDER_SUFFIX = '-placeholder.webp';

export class NotAnImageError extends Error {}

async function decode(input: Buffer) {
  // sharp (libvips, about 11 MB resident) loads with the first image, not with every server (issue 15).
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(input, { limitInputPixels: 50_000_000 }).rotate();
    await image.metadata();
    return image;
  } catch {
    throw new NotAnImageError('This file is not an image we can read. Upload a JPEG, PNG or WebP photo.');
  }
}

/** Resizes a photo to phone-friendly WebP and AVIF sizes; returns the base path the client adds "-640.webp" to. */
export async function storeBackground(media: MediaStore, input: Buffer) {
  const image = await decode(input);
  const name = createHash('sha256').update(input).digest('hex').slice(0, 16);
  for (const width of BACKGROUND_WIDTHS) {
    const resized = image.clone().resize({ width, withoutEnlargement: true });
    const [webp, avif] = await Promise.all([
      resized.clone().webp({ quality: 70 }).toBuffer(),
      resized.clone().avif({ quality: 50 }).toBuffer(),
    ]);
    await media.write(`event/${name}-${width}.webp`, webp);
    await media.write(`event/${name}-${width}.avif`, avif);
  }
  const placeholder = await image
    .clone()
    .resize({ width: PLACEHOLDER_WIDTH })
    .webp({ quality: 50 })
    .toBuffer();
  await media.write(`event/${name}${PLACEHOLDER_SUFFIX}`, placeholder);
  return `/media/event/${name}`;
}

/** Placeholders found, by photo; one not found is looked for again after a minute (files:to-database may bring it). */
const placeholders = new WeakMap<MediaStore, Map<string, { uri: string | null; until: number }>>();
const LOOK_AGAIN_MS = 60_000;

/**
 * The placeholder of the photo at `base` (an uploaded one under /media/event/, or the built-in one in the
 * client build's images/) as a data: URI to put in the page itself, or null when there is none (a photo
 * uploaded before placeholders were made, or no client build). Read once per photo.
 */
export async function backgroundPlaceholder(
  media: MediaStore,
  clientDir: string,
  base: string | null,
): Promise<string | null> {
  const key = base ?? `built-in ${clientDir}`;
  let found = placeholders.get(media);
  if (!found) {
    found = new Map();
    placeholders.set(media, found);
  }
  const known = found.get(key);
  if (known && (known.uri !== null || known.until > Date.now())) return known.uri;
  let body: Buffer | null = null;
  if (base === null) {
    body = await readFile(path.join(clientDir, 'images', `hero${PLACEHOLDER_SUFFIX}`)).catch(() => null);
  } else if (/^\/media\/event\/[0-9a-f]{16}$/.test(base)) {
    body = await media.read(`event/${path.basename(base)}${PLACEHOLDER_SUFFIX}`);
  }
  const uri = body ? `data:image/webp;base64,${body.toString('base64')}` : null;
  found.set(key, { uri, until: Date.now() + LOOK_AGAIN_MS });
  return uri;
}

/** A square logo, 256 px, WebP. */
export async function storeLogo(media: MediaStore, input: Buffer) {
  const image = await decode(input);
  const name = createHash('sha256').update(input).digest('hex').slice(0, 16);
  const webp = await image
    .resize({ width: 256, height: 256, fit: 'contain', background: '#ffffff00' })
    .webp()
    .toBuffer();
  await media.write(`event/${name}-logo.webp`, webp);
  return `/media/event/${name}-logo.webp`;
}
