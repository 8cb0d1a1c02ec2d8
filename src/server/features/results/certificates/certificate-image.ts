import { createRequire } from 'node:module';
import type { CertificateFacts } from './certificate-facts.ts';

const require = createRequire(import.meta.url);
// Fonts shipped in an npm package, never the system's: the image looks the same on every server, and DejaVu
// draws the names people really type (accents, other scripts), as the PDFs do.
const SANS = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const SANS_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
const SERIF = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSerif.ttf');
const SERIF_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSerif-Bold.ttf');

/** A photo-sized landscape card: WhatsApp shows it whole without cropping. */
export const CERTIFICATE_IMAGE = { width: 1080, height: 760 } as const;

const { width: W, height: H } = CERTIFICATE_IMAGE;
const TEXT_WIDTH = W - 200;
const INK = '#1f2a30';
const ACCENT = '#1f4e5f';
const GOLD = '#9a7a16';

/** The frame: shapes only, so the SVG needs no font. */
const FRAME = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <rect width="${W}" height="${H}" fill="#fbf8f1"/>
  <rect x="26" y="26" width="${W - 52}" height="${H - 52}" fill="none" stroke="${ACCENT}" stroke-width="8"/>
  <rect x="44" y="44" width="${W - 88}" height="${H - 88}" fill="none" stroke="${GOLD}" stroke-width="2"/>
  <line x1="${W / 2 - 90}" y1="300" x2="${W / 2 + 90}" y2="300" stroke="${GOLD}" stroke-width="2"/>
  <line x1="${W / 2 - 90}" y1="${H - 190}" x2="${W / 2 + 90}" y2="${H - 190}" stroke="${GOLD}" stroke-width="2"/>
</svg>`;

/** Text for Pango's markup: whatever was typed in the form is text, never markup. */
const escaped = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

interface Line {
  text: string;
  font: string;
  fontfile: string;
  colour: string;
  /** The line's centre, from the top. */
  middle: number;
  /** The most it may take: longer text wraps, and a name too long for two lines is made smaller. */
  maxHeight: number;
  spacing?: number;
}

/** The certificate as a PNG of a few tens of KB (a palette of 64 colours keeps it small for WhatsApp). */
export async function certificateImage(facts: CertificateFacts) {
  // sharp (libvips) loads with the first certificate, not with every server (issue 15).
  const { default: sharp } = await import('sharp');
  const lines: Line[] = [
    {
      text: `${facts.eventTitle} ${facts.eventYear}`,
      font: 'DejaVu Sans 30',
      fontfile: SANS,
      colour: ACCENT,
      middle: 130,
      maxHeight: 90,
    },
    {
      text: 'CERTIFICATE',
      font: 'DejaVu Serif 26',
      fontfile: SERIF,
      colour: GOLD,
      middle: 215,
      maxHeight: 40,
      spacing: 6000,
    },
    {
      text: facts.name,
      font: 'DejaVu Serif Bold 54',
      fontfile: SERIF_BOLD,
      colour: INK,
      middle: 385,
      maxHeight: 116,
    },
    {
      text: [facts.race, facts.date].filter(Boolean).join(' · '),
      font: 'DejaVu Sans 28',
      fontfile: SANS,
      colour: INK,
      middle: 490,
      maxHeight: 70,
    },
    {
      text: facts.achievement,
      font: 'DejaVu Sans Bold 42',
      fontfile: SANS_BOLD,
      colour: ACCENT,
      middle: H - 125,
      maxHeight: 60,
    },
  ];
  const layers = await Promise.all(
    lines.map(async (line) => {
      const markup = `<span foreground="${line.colour}"${line.spacing ? ` letter_spacing="${line.spacing}"` : ''}>${escaped(line.text)}</span>`;
      const render = (fit: boolean) =>
        sharp({
          text: {
            text: markup,
            font: fit ? line.font.replace(/ \d+$/, '') : line.font,
            fontfile: line.fontfile,
            width: TEXT_WIDTH,
            ...(fit ? { height: line.maxHeight } : { dpi: 72 }),
            align: 'centre',
            wrap: 'word-char',
            rgba: true,
          },
        })
          .png()
          .toBuffer({ resolveWithObject: true });
      let { data, info } = await render(false);
      if (info.height > line.maxHeight) ({ data, info } = await render(true));
      return {
        input: data,
        top: Math.round(line.middle - info.height / 2),
        left: Math.round((W - info.width) / 2),
      };
    }),
  );
  return sharp(Buffer.from(FRAME))
    .composite(layers)
    .png({ palette: true, colours: 64, compressionLevel: 9 })
    .toBuffer();
}
