import { followAccountLink } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import {
  adminApi,
  cellGroup,
  facilitatorAccount,
  logOut,
  manIdOf,
  PDF,
  signedInParticipant,
  signIn,
} from './support/progress.ts';

test('the programme screens have no axe violations, dialogs open included', async ({
  page,
  request,
  admin,
  playwright,
}, testInfo) => {
  heldOn('phone');
  test.setTimeout(60_000);
  const api = await adminApi(playwright, admin, testInfo);

  const man = await signedInParticipant(page, request, 'Kudakwashe', testInfo);
  await expect(page.getByRole('region', { name: 'Workout Session' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/UploadButton');
  const card = page.getByRole('article').first();
  await card
    .getByLabel(/^Document for /)
    .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: PDF });
  await card.getByRole('button', { name: 'Upload' }).click();
  await expect(card.getByText('Document uploaded successfully!')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/Profile');
  await expect(page.getByLabel('Surname', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await logOut(page);

  const facilitator = await facilitatorAccount(request, 'Simba', testInfo);
  const group = await cellGroup(api, facilitator.facilitatorId, [await manIdOf(man.email)]);
  await signIn(page, facilitator);
  await expect(page.getByRole('region', { name: group.name, exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/Managean');
  const panel = page.getByRole('region', { name: `Cell Group: ${group.name}` });
  await panel
    .getByRole('group', { name: `Register ${man.name}` })
    .getByText('Late', { exact: true })
    .click();
  await expect(panel.getByText('Saved: Late')).toBeVisible();
  await panel.getByRole('button', { name: 'Mark all present' }).click();
  await expect(panel.getByRole('button', { name: 'Undo' })).toBeVisible();
  await expectNoAxeViolations(page);
  await panel.getByRole('button', { name: `Manage ${man.name}` }).click();
  await expect(page.getByRole('dialog', { name: man.name }).getByText('Welcome checklist')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('dialog', { name: man.name }).getByRole('button', { name: 'Close' }).click();
  await logOut(page);

  await signIn(page, admin);
  await expect(page).toHaveURL(/\/WelcomeAdmin$/);
  await followAccountLink(page, 'Programme');
  await expect(page.getByRole('region', { name: 'Cell groups table' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Submissions for / })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: `Edit ${group.name}` }).click();
  await expect(page.getByRole('dialog', { name: `Edit ${group.name}` }).getByText(/chosen/)).toBeVisible();
  await expectNoAxeViolations(page);
  await api.dispose();
});
