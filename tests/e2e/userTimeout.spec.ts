import { expect, test, type Locator } from '@playwright/test';
import { openPortalDatabase } from './support/portal';
import { writeVersionedRows } from '../../server/testing/versionedRows';
import { signInTo } from './support/signIn';

/**
 * 002 §4: the user form's inactivity-timeout choices go up to the organisation's timeout, on a new
 * user and an existing one, and a longer value is lowered to it — the form never offers what the
 * server refuses (422 timeout_above_organisation). Customer Co Branch (7) is given a 1-hour
 * timeout for the test; Percy Branch (user 8) is its user.
 */

const BRANCH = 7;
const PERCY = 8;
const openDatabase = () => openPortalDatabase();

async function stage(organisationTimeout: number, percyTimeout: number): Promise<void> {
  const db = openDatabase();
  try {
    await writeVersionedRows(db, async (trx) => {
      await trx('organisations').where('id', BRANCH).update({ user_inactivity_timeout: organisationTimeout });
      await trx('users').where('id', PERCY).update({ timeout: percyTimeout });
    });
  } finally {
    await db.destroy();
  }
}

async function storedTimeout(email: string): Promise<number> {
  const db = openDatabase();
  try {
    return Number(((await db('users').whereRaw('lower(email_address) = ?', [email]).first('timeout')) as { timeout: number }).timeout);
  } finally {
    await db.destroy();
  }
}

const offered = (select: Locator) => select.locator('option').allTextContents();

test.beforeAll(() => stage(3600, 86400));
test.afterAll(() => stage(86400, 1800));

test("a new user's timeout choices follow the organisation chosen, and a longer one is lowered", async ({ page }) => {
  const email = `timeout.${Date.now()}@customer-branch.example`;
  await signInTo(page, 'admin@reseller.example', '/backoffice/users/new', /\/users\/new$/);
  const timeout = page.getByLabel('Session time-out', { exact: true });
  // No organisation yet: 30 minutes is the only choice.
  await expect(page.getByText('30 minutes until an organisation is chosen.', { exact: true })).toBeVisible();
  expect(await offered(timeout)).toEqual(['30 minutes']);

  await page.locator('#root_name').fill('Tim Timeout');
  await page.locator('#root_email_address').fill(email);
  await page.locator('#root_organisation').selectOption('3');
  await expect(page.getByText('At most 24 hours: the inactivity timeout of the organisation.', { exact: true })).toBeVisible();
  expect(await offered(timeout)).toHaveLength(7);
  await timeout.selectOption({ label: '24 hours' });

  // Customer Co Branch allows an hour: the choices stop there and 24 hours becomes 1 hour.
  await page.locator('#root_organisation').selectOption(String(BRANCH));
  await expect(page.getByText('At most 1 hour: the inactivity timeout of the organisation.', { exact: true })).toBeVisible();
  await expect(timeout).toHaveValue('3600');
  expect(await offered(timeout)).toEqual(['1 hour', '30 minutes']);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice\/users\/\d+$/);
  expect(await storedTimeout(email)).toBe(3600);
});

test("an existing user's timeout choices stop at the organisation's, and one above it is lowered before saving", async ({ page }) => {
  await signInTo(page, 'admin@reseller.example', `/backoffice/users/${PERCY}`, new RegExp(`/users/${PERCY}$`));
  const timeout = page.getByLabel('Session time-out', { exact: true });
  await expect(page.getByText('At most 1 hour: the inactivity timeout of the organisation.', { exact: true })).toBeVisible();
  expect(await offered(timeout)).toEqual(['1 hour', '30 minutes']);
  // Percy's stored 24 hours is above the organisation's: the form lowers it, and Save sends that.
  await expect(timeout).toHaveValue('3600');
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('User updated successfully')).toBeVisible();
  expect(await storedTimeout('manager@customer-branch.example')).toBe(3600);

  await timeout.selectOption({ label: '30 minutes' });
  await save.click();
  // Save is disabled while the request is on its way, too: the stored value is what tells it has landed.
  await expect.poll(() => storedTimeout('manager@customer-branch.example')).toBe(1800);
  await expect(save).toBeDisabled();
});
