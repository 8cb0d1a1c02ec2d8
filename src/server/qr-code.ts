// qrcode loads with the first code drawn (a mail's, a page's), never at start. It is CommonJS: its functions
// are on the default export once bundled.

/** A wide quiet zone and error correction Q: it must scan from a cracked phone screen in morning sun. */
const OPTIONS = { margin: 4, errorCorrectionLevel: 'Q' } as const;

/** A PNG of 480 px: large modules in a mail client that shows it at 240 CSS pixels on a dense screen. */
export async function qrPng(text: string) {
  const { default: qrcode } = await import('qrcode');
  return qrcode.toBuffer(text, { ...OPTIONS, type: 'png', width: 480 });
}

/** An SVG that scales to whatever size the page gives it. */
export async function qrSvg(text: string) {
  const { default: qrcode } = await import('qrcode');
  return qrcode.toString(text, { ...OPTIONS, type: 'svg' });
}
