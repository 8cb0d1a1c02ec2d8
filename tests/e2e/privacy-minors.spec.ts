import { expectNoAxeViolations, expectNoAxeViolationsOnceLoaded } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { entrant, signInAsAdmin } from './support/fun-run-admin.ts';
import { expectThankYou, fillRegistration } from './support/registration-form.ts';

const CONSENT = /^I am the parent or guardian and I agree/;

test('a 15-year-old registers with a parent or guardian, whose fields show only for an age under 18', async ({
  page,
}) => {
  heldOn('phone');
  const lastName = uniqueName('Chari');
  await page.goto('/Register');
  const guardian = page.getByRole('group', { name: 'Parent or guardian' });
  await fillRegistration(
    page,
    entrant('Tanaka', lastName, {
      age: '15',
      raceType: '5km',
      nextOfKinMobile: '0772345678',
      tshirtSize: 'Small',
    }),
  );
  await expect(guardian).toBeVisible();
  await expectNoAxeViolations(page);

  // Sent without them: each says what it needs, and nothing is registered.
  await page.getByRole('button', { name: 'Register' }).click();
  const name = guardian.getByLabel("Parent or guardian's name");
  const mobile = guardian.getByLabel("Parent or guardian's mobile");
  await expect(name).toHaveAccessibleDescription("Enter the parent or guardian's name");
  await expect(mobile).toHaveAccessibleDescription(/Enter the parent or guardian's mobile number$/);
  await expect(guardian.getByLabel(CONSENT)).toHaveAccessibleDescription(
    'A parent or guardian must agree for an entrant under 18: tick this box',
  );
  await expect(page).toHaveURL(/\/Register$/);

  await name.fill('Rudo Chari');
  await mobile.fill('0773 456 789');
  await guardian.getByLabel(CONSENT).check();
  await page.getByRole('button', { name: 'Register' }).click();
  const reference = await expectThankYou(page);
  const [row] = await query<{
    guardian_name: string;
    guardian_mobile: string;
    agreed: boolean;
    notice: boolean;
  }>(
    `select guardian_name, guardian_mobile, guardian_consented_at is not null as agreed,
       privacy_version = (select privacy_version from events where is_current) as notice
     from registrations where reference = $1`,
    [reference],
  );
  expect(row).toEqual({
    guardian_name: 'Rudo Chari',
    guardian_mobile: '+263773456789',
    agreed: true,
    notice: true,
  });

  // An adult is asked for none of it; an age corrected from a child's hides it again.
  await page.goto('/Register');
  await page.getByLabel('Age').fill('30');
  await page.getByLabel('Age').blur();
  await expect(page.getByLabel('Next of kin mobile')).toBeVisible();
  await expect(guardian).toBeHidden();
  await page.getByLabel('Age').fill('12');
  await expect(guardian).toBeVisible();
  await page.getByLabel('Age').fill('18');
  await expect(guardian).toBeHidden();
});

test('/Privacy says who holds the details, for how long, who sees them and how to ask; the footer and the forms link to it', async ({
  page,
}) => {
  heldOn('phone');
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/Privacy$/);
  await expect(page.getByRole('heading', { name: 'Privacy notice', level: 1 })).toBeVisible();
  for (const heading of [
    'Who holds your details',
    'What we hold',
    'How long we keep them',
    'Who sees them',
    'A copy of your details, a correction or erasure',
  ]) {
    await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
  }
  const [event] = await query<{ entry_retention_days: number; programme_retention_days: number }>(
    'select entry_retention_days, programme_retention_days from events where is_current',
  );
  await expect(
    page.getByText(`Fun-run entries are anonymised ${event?.entry_retention_days} days after the event`),
  ).toBeVisible();
  await expect(
    page.getByText(`deleted ${event?.programme_retention_days} days after a man leaves the programme`),
  ).toBeVisible();
  await expect(page.getByText(/never anyone under 18/)).toBeVisible();
  await expect(
    page.getByText("Zimbabwe's Cyber and Data Protection Act, 2021", { exact: false }),
  ).toBeVisible();
  await expect(page.getByText(/^Version \d+$/)).toBeVisible();
  await expectNoAxeViolationsOnceLoaded(page);

  for (const form of ['/Register', '/RegisterCyclist', '/RegisterMan', '/RegisterFacilitator', '/SignUp']) {
    await page.goto(form);
    await expect(page.getByRole('link', { name: 'Privacy notice' }), form).toHaveAttribute(
      'href',
      '/Privacy',
    );
  }
});

test('an admin writes the notice in Event settings: /Privacy shows it as a new version, until the standard one is put back', async ({
  page,
  admin,
}) => {
  heldOn('desktop');
  await signInAsAdmin(page, admin, '/EventSettings');
  const section = page.getByRole('region', { name: 'Privacy notice' });
  const text = section.getByLabel('Privacy notice');
  await expect(text).toHaveValue(/^## Who holds your details/);
  const before = Number((await section.getByText(/^Version \d+/).textContent())?.match(/\d+/)?.[0]);

  const own = `## Who we are\nThe fun-run office, ${uniqueName('notice')}.`;
  await text.fill(own);
  await section.getByRole('button', { name: 'Save privacy notice' }).click();
  await expect(section.getByText(`Saved as version ${before + 1}. /Privacy shows it now.`)).toBeVisible();
  await page.goto('/Privacy');
  await expect(page.getByRole('heading', { name: 'Who we are', level: 2 })).toBeVisible();
  await expect(page.getByText(`Version ${before + 1}`)).toBeVisible();

  await page.goto('/EventSettings');
  await section.getByRole('button', { name: 'Use the standard notice' }).click();
  await expect(text).toHaveValue(/^## Who holds your details/);
  await section.getByRole('button', { name: 'Save privacy notice' }).click();
  await expect(section.getByText(`Saved as version ${before + 2}. /Privacy shows it now.`)).toBeVisible();
  await expect(section.getByRole('button', { name: 'Use the standard notice' })).toBeHidden();
  await expectNoAxeViolations(page);
});
