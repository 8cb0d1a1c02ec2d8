import { readFileSync } from 'node:fs';
import { pdfText } from '../support/pdf-text.ts';
import { createVerifiedAccount, newAccount, signInByCookie } from './support/accounts.ts';
import { expectNoAxeViolations, expectNoAxeViolationsOnceLoaded } from './support/axe.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { raceWithFees, registerThreeStaff } from './support/fun-run-admin.ts';

// Issue 38: a company finds its team's sign-up from the landing, the sign-up says whose name and email it
// asks, and the team page gives the accounts department an invoice.

test.describe('from the landing to the company sign-up, on a phone', () => {
  heldOn('phone');

  test('the landing links company teams to /CompanySignUp, whose fields say whose they are', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByText('Registering a company team?')).toBeVisible();
    await expectNoAxeViolationsOnceLoaded(page);
    await page.getByRole('link', { name: 'Sign up your team' }).click();
    await expect(page).toHaveURL(/\/CompanySignUp$/);
    await expect(page.getByRole('heading', { name: 'Company team sign-up' })).toBeVisible();
    await expect(page.getByLabel('Company name')).toHaveAttribute('autocomplete', 'organization');
    await expect(page.getByLabel('Company name')).toHaveAccessibleDescription(/names your team’s entries/);
    await expect(page.getByLabel('Your email (team manager)')).toHaveAccessibleDescription(
      /You sign in with it/,
    );
    await expect(page.getByLabel('Password')).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveCount(0);
    // Left empty, each field's own message says whose it is.
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByLabel('Company name')).toHaveAccessibleDescription(/Enter the company name/);
    await expectNoAxeViolations(page);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the server-rendered landing carries the link too', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('link', { name: 'Sign up your team' })).toHaveAttribute(
        'href',
        '/CompanySignUp',
      );
    });
  });
});

test.describe('the team page, at a desk', () => {
  heldOn('desktop');

  test('the manager downloads the team’s invoice: the team reference, each entry, what is due', async ({
    page,
  }, testInfo) => {
    const race = await raceWithFees('Invoice', '15', '400');
    const company = await createVerifiedAccount(
      page.request,
      newAccount('invoice', testInfo, 'Msasa Motors'),
      'company',
    );
    await signInByCookie(page, company, '/WelcomeManager');
    const surname = await registerThreeStaff(page, testInfo, race);
    await page.reload();
    const entries = page.getByRole('region', { name: "Your team's entries" });
    const teamReference = (await entries.getByText(/^CFR\d\d-T[0-9A-F]{6}$/).textContent()) ?? '';
    await expectNoAxeViolations(page);

    const downloading = page.waitForEvent('download');
    await entries.getByRole('link', { name: 'Download invoice (PDF)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`Invoice_${teamReference}.pdf`);
    const text = pdfText(readFileSync(await download.path())).replace(/\s+/g, ' ');
    expect(text).toContain(`To: Msasa Motors · Team reference ${teamReference} · 3 entries`);
    for (const firstName of ['Chipo', 'Farai', 'Kuda']) expect(text).toContain(`${firstName} ${surname}`);
    expect(text).toContain('Due now: US$45.00 or ZWG 1,200.00');
    expect(text).toContain(`Use the team reference ${teamReference} as the payment reference.`);
  });
});
