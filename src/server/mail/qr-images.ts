import type { MailQrCode } from '../db/schema/mail.ts';
import { qrPng } from '../qr-code.ts';

/** QR codes as nodemailer attaches them: PNGs the HTML part shows by their cid. */
export async function qrAttachments(codes: readonly MailQrCode[]) {
  return Promise.all(
    codes.map(async (code) => ({
      filename: code.filename,
      cid: code.cid,
      contentType: 'image/png',
      content: await qrPng(code.text),
    })),
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The HTML part of a plain-text mail that carries QR codes: the text as it is (paragraphs, links), then
 * each code as an image. Mail clients show the image inline; the text part says what it is for.
 */
export function htmlWithQrCodes(text: string, codes: readonly MailQrCode[]) {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((paragraph) =>
      escapeHtml(paragraph)
        .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
        .replaceAll('\n', '<br>'),
    )
    .map((paragraph) => `<p>${paragraph}</p>`);
  const images = codes.map(
    (code) =>
      `<p><img src="cid:${code.cid}" width="240" height="240" alt="${escapeHtml(code.alt)}" style="display:block;width:240px;height:240px"></p>`,
  );
  return `<!doctype html><html><body style="font-family:sans-serif;font-size:16px;line-height:1.5">${[...paragraphs, ...images].join('')}</body></html>`;
}
