import { expect, type Locator, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { entrant, registerInBrowser } from './support/fun-run-admin.ts';
import { waitForMail } from './support/mail.ts';

heldOn('phone');

const decode = (png: Buffer) => {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
};

/** What the QR code on the page says, read from what the browser drew. */
const scanOnScreen = async (image: Locator) => decode(await image.screenshot());

test("the entrant's check-in QR code is in the confirmation mail, on /Thankyou and on /My, and says the entry's code", async ({
  page,
}) => {
  const runner = entrant('Nyasha', uniqueName('Gumbo'), { raceType: '10km', tshirtSize: 'Medium' });
  const reference = await registerInBrowser(page, 'run', runner);
  const [entry] = await query<{ check_in_code: string }>(
    'select check_in_code from registrations where reference = $1',
    [reference],
  );
  const code = entry?.check_in_code;
  expect(code).toMatch(/^[0-9a-f]{32}$/);

  const mail = await waitForMail(runner.email, new RegExp(`your registration ${reference}`));
  expect(mail.text).toContain('show the QR code attached to this mail');
  const qr = mail.attachments.find((file) => file.contentType === 'image/png');
  expect(qr?.cid).toBe('check-in-qr');
  expect(mail.html).toContain(`src="cid:${qr?.cid}"`);
  expect(decode(Buffer.from(qr?.contentBase64 ?? '', 'base64'))).toBe(code);

  const shown = page.getByRole('img', { name: 'Check-in QR code' });
  await expect(page.getByRole('region', { name: 'Your check-in QR code' })).toBeVisible();
  await expect(shown).toHaveJSProperty('complete', true);
  expect(await scanOnScreen(shown)).toBe(code);

  const myLink = mail.text.match(/https?:\/\/\S+\/My\/[\w-]+/)?.[0] ?? '';
  await page.goto(new URL(myLink).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'My registration' })).toBeVisible();
  await expect(shown).toHaveJSProperty('complete', true);
  expect(await scanOnScreen(shown)).toBe(code);
});
