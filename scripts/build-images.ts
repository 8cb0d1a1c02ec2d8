import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { PLACEHOLDER_WIDTH } from '../src/server/storage/media.ts';

const WIDTHS = [640, 1280, 1920];

/**
 * Renders the landing photo to responsive AVIF and WebP, so a phone downloads ~30 KB instead of a large JPEG,
 * and its tiny placeholder, which the server puts in the page.
 */
export async function buildImages(outDir: string) {
  const source = path.resolve('src/client/images/hero.svg');
  mkdirSync(outDir, { recursive: true });
  for (const width of WIDTHS) {
    const image = sharp(source, { density: 150 }).resize({ width });
    await image
      .clone()
      .avif({ quality: 50 })
      .toFile(path.join(outDir, `hero-${width}.avif`));
    await image
      .clone()
      .webp({ quality: 72 })
      .toFile(path.join(outDir, `hero-${width}.webp`));
  }
  await sharp(source, { density: 150 })
    .resize({ width: PLACEHOLDER_WIDTH })
    .webp({ quality: 50 })
    .toFile(path.join(outDir, 'hero-placeholder.webp'));
}
