import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Env } from '../env.ts';

/** Public images (event photo, logo) live under DATA_DIR/uploads/public and are served at /media/. */
export function mediaRoot(env: Pick<Env, 'DATA_DIR'>) {
  const root =
    env.DATA_DIR === 'memory://'
      ? mkdtempSync(path.join(tmpdir(), 'celebration-media-'))
      : path.resolve(env.DATA_DIR, 'uploads', 'public');
  mkdirSync(path.join(root, 'event'), { recursive: true });
  return root;
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
export async function storeBackground(root: string, input: Buffer) {
  const image = await decode(input);
  const name = createHash('sha256').update(input).digest('hex').slice(0, 16);
  for (const width of BACKGROUND_WIDTHS) {
    const resized = image.clone().resize({ width, withoutEnlargement: true });
    const [webp, avif] = await Promise.all([
      resized.clone().webp({ quality: 70 }).toBuffer(),
      resized.clone().avif({ quality: 50 }).toBuffer(),
    ]);
    writeFileSync(path.join(root, 'event', `${name}-${width}.webp`), webp);
    writeFileSync(path.join(root, 'event', `${name}-${width}.avif`), avif);
  }
  const placeholder = await image
    .clone()
    .resize({ width: PLACEHOLDER_WIDTH })
    .webp({ quality: 50 })
    .toBuffer();
  writeFileSync(path.join(root, 'event', `${name}${PLACEHOLDER_SUFFIX}`), placeholder);
  return `/media/event/${name}`;
}

const placeholders = new Map<string, string | null>();

/**
 * The placeholder of the photo at `base` (an uploaded one under /media/event/, or the built-in one in the
 * client build's images/) as a data: URI to put in the page itself, or null when there is none (a photo
 * uploaded before placeholders were made, or no client build). Read once per photo.
 */
export function backgroundPlaceholder(
  mediaDir: string,
  clientDir: string,
  base: string | null,
): string | null {
  const file =
    base === null
      ? path.join(clientDir, 'images', `hero${PLACEHOLDER_SUFFIX}`)
      : /^\/media\/event\/[0-9a-f]{16}$/.test(base)
        ? path.join(mediaDir, 'event', `${path.basename(base)}${PLACEHOLDER_SUFFIX}`)
        : undefined;
  if (!file) return null;
  let uri = placeholders.get(file);
  if (uri === undefined) {
    try {
      uri = `data:image/webp;base64,${readFileSync(file).toString('base64')}`;
    } catch {
      uri = null;
    }
    placeholders.set(file, uri);
  }
  return uri;
}

/** A square logo, 256 px, WebP. */
export async function storeLogo(root: string, input: Buffer) {
  const image = await decode(input);
  const name = createHash('sha256').update(input).digest('hex').slice(0, 16);
  const webp = await image
    .resize({ width: 256, height: 256, fit: 'contain', background: '#ffffff00' })
    .webp()
    .toBuffer();
  writeFileSync(path.join(root, 'event', `${name}-logo.webp`), webp);
  return `/media/event/${name}-logo.webp`;
}
