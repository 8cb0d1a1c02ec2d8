import { apiSignIn, createVerifiedAccount, newAccount, signInInBrowser } from './support/accounts.ts';
import { query } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { signInAsAdmin } from './support/fun-run-admin.ts';

heldOn('desktop');

/** "on 23/11/26, 14:03": the date and time a change was recorded, as the admin screens write them. */
const ON_DATE_TIME = String.raw`on \d{2}/\d{2}/\d{2}, \d{2}:\d{2}`;

test('an admin changes a role and disables an account only after confirming, and each change is recorded on the account', async ({
  page,
  admin,
  playwright,
}, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const target = newAccount('target', testInfo, 'Nyasha Chikore');
  await createVerifiedAccount(request, target);
  const roleInDatabase = async () =>
    (await query<{ role: string }>(`select role from "user" where email = $1`, [target.email]))[0]?.role;

  await signInAsAdmin(page, admin);
  await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: /Accounts/ })
    .click();
  await expect(page).toHaveURL(/\/Accounts$/);

  await page.getByLabel('Search accounts').fill(target.email);
  const row = page.getByRole('row').filter({ hasText: target.email });
  await expect(row).toHaveCount(1);
  await expect(page.getByText('Page 1 of 1 · 1 account')).toBeVisible();
  await expect(row).toContainText('Verified');
  const role = row.getByLabel(`Role of ${target.name}`);

  // Choosing a role only asks: the dialog names him and says what an admin can see. Cancel changes nothing.
  await role.focus();
  await role.selectOption('admin');
  const makeAdmin = page.getByRole('dialog', { name: `Make ${target.name} an Admin?` });
  await expect(makeAdmin).toBeVisible();
  await expect(makeAdmin).toContainText(
    "Admins can see and change every entrant's and programme member's personal data",
  );
  await expect(makeAdmin).toContainText(`${target.name} (${target.email}) is signed out at once`);
  await makeAdmin.getByRole('button', { name: 'Cancel' }).click();
  await expect(makeAdmin).toBeHidden();
  await expect(role).toHaveValue('participant');
  await expect(role).toBeFocused();
  expect(await roleInDatabase()).toBe('participant');
  await expect(row).not.toContainText('Role changed');

  // Confirming changes it, and the account says who changed it, when, from what to what.
  await role.selectOption('facilitator');
  const makeFacilitator = page.getByRole('dialog', { name: `Make ${target.name} a Facilitator?` });
  await expect(makeFacilitator).toContainText(
    'Facilitators see the members of their own cell groups and record their attendance.',
  );
  await makeFacilitator.getByRole('button', { name: 'Make Facilitator' }).click();
  await expect(makeFacilitator).toBeHidden();
  await expect(page.getByText(`${target.name} is now a Facilitator.`)).toBeVisible();
  await expect(role).toHaveValue('facilitator');
  expect(await roleInDatabase()).toBe('facilitator');
  await expect(row).toContainText(
    new RegExp(`Role changed from Participant to Facilitator by ${admin.name} ${ON_DATE_TIME}`),
  );

  // Taking the role away again says what it ends.
  await role.selectOption('participant');
  const makeParticipant = page.getByRole('dialog', { name: `Make ${target.name} a Participant?` });
  await expect(makeParticipant).toContainText(
    `${target.name} is a Facilitator now and loses access to their cell groups' members and attendance.`,
  );
  await page.keyboard.press('Escape');
  await expect(makeParticipant).toBeHidden();
  await expect(role).toHaveValue('facilitator');

  // Disabling asks first; Cancel changes nothing; confirming is recorded too.
  await row.getByRole('button', { name: `Disable ${target.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Disable ${target.name}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('The change is recorded with your name.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).not.toContainText('Disabled');
  await row.getByRole('button', { name: `Disable ${target.name}` }).click();
  await dialog.getByRole('button', { name: 'Disable account' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
  await expect(row).toContainText(new RegExp(`Disabled by ${admin.name} ${ON_DATE_TIME}`));
  const refused = await apiSignIn(request, target, testInfo);
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('BANNED_USER');

  await row.getByRole('button', { name: `Enable ${target.name}` }).click();
  await page
    .getByRole('dialog', { name: `Enable ${target.name}?` })
    .getByRole('button', { name: 'Enable account' })
    .click();
  await expect(row.getByText('Disabled', { exact: true })).toBeHidden();
  await expect(row).toContainText(new RegExp(`Enabled by ${admin.name} ${ON_DATE_TIME}`));
  const allowed = await apiSignIn(request, target, testInfo);
  expect(allowed.status()).toBe(200);
  expect((await allowed.json()).user.role).toBe('facilitator');

  // The latest change is on the row, the earlier ones, newest first, under it.
  await row.getByText('2 earlier changes').click();
  const earlier = row.getByRole('list', { name: `Earlier changes of ${target.name}` }).getByRole('listitem');
  await expect(earlier).toHaveText([
    new RegExp(`^Disabled by ${admin.name} ${ON_DATE_TIME}$`),
    new RegExp(`^Role changed from Participant to Facilitator by ${admin.name} ${ON_DATE_TIME}$`),
  ]);
  expect(
    await query(
      `select c.what, c."from", c."to", c.changed_by = a.id as by_admin from account_changes c
         join "user" t on t.id = c.account_id join "user" a on a.email = $2
        where t.email = $1 order by c.id`,
      [target.email, admin.email],
    ),
  ).toEqual([
    { what: 'role', from: 'participant', to: 'facilitator', by_admin: true },
    { what: 'disabled', from: 'enabled', to: 'disabled', by_admin: true },
    { what: 'enabled', from: 'disabled', to: 'enabled', by_admin: true },
  ]);

  // His own role and account are not offered for change (the server refuses them too).
  await page.getByLabel('Search accounts').fill(admin.email);
  const mine = page.getByRole('row').filter({ hasText: admin.email });
  await expect(mine).toContainText('(you)');
  await expect(mine.getByText('Admin', { exact: true })).toBeVisible();
  await expect(mine.getByRole('combobox')).toHaveCount(0);
  await expect(mine.getByRole('button')).toHaveCount(0);
  await request.dispose();
});

test('the outbox shows the latest mail and whether it was delivered, never its links', async ({
  page,
  admin,
}) => {
  await page.goto('/Outbox');
  await expect(page).toHaveURL(/\/About\?next=%2FOutbox$/);
  await signInInBrowser(page, admin);
  await expect(page).toHaveURL(/\/Outbox$/);
  const mail = page.getByRole('article').filter({ hasText: `To ${admin.email}` });
  await expect(mail.getByRole('heading', { name: 'Confirm your email for Celebration' })).toBeVisible();
  await expect(mail.getByText(/^Delivered /)).toBeVisible();
  // With a mail server set up, a verification or reset link is for its recipient's eyes only.
  await expect(mail.getByRole('link')).toHaveCount(0);
  await expect(page.getByText(/token=/)).toHaveCount(0);
  await expect(page.getByRole('note')).toHaveCount(0);
});
