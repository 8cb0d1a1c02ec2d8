import { expect, test } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';
import { heldOn } from './support/devices.ts';

// The server runs with PUBLIC_URL = baseURL (127.0.0.1); localhost is another address of the same server.
// Straight to the server, as a phone on the church Wi-Fi: a request a proxy forwarded is left where it is.
test.use({ extraHTTPHeaders: {} });

test('a page opened at another address of the server moves to the configured one before it loads', async ({
  page,
}) => {
  heldOn('phone');
  const elsewhere = baseURL.replace('127.0.0.1', 'localhost');
  await page.goto(`${elsewhere}/Register?from=wifi`);
  await expect(page).toHaveURL(`${baseURL}/Register?from=wifi`);
  await expect(page.getByRole('heading', { name: 'Runner registration' })).toBeVisible();
});
