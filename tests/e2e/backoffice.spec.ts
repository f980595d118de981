import { expect, test } from '@playwright/test';
import { signInTo, FORBIDDEN } from './support/signIn';

/**
 * The back-office lists (002 §2.3–§2.10) in a real browser against the demo data: each renders its
 * rows for a user allowed to see it, and the forbidden page for one who is not.
 */

/** Holds the buyer role only: no organisation, user, role or feed permission. */
const BUYER = 'buyer@customer.example';
/** An organisation admin (every permission) who is not root; the reseller has a linked account. */
const RESELLER_ADMIN = 'admin@reseller.example';
const ROOT_ADMIN = 'admin@supplier.example';
/** Root staff: neither admin nor any role, so no feed_configuration:manage (002 §6 lets root in). */
const ROOT_STAFF = 'staff@supplier.example';
const NOT_SCHEDULED = 'The feed is currently not configured to run on its given schedule';
const SITC_UNCONFIRMED = 'Stock in the Channel readiness is not confirmed';

const visitAs = signInTo;

test('organisations: a reseller admin sees its subtree, not the other reseller', async ({ page }) => {
  await visitAs(page, RESELLER_ADMIN, '/backoffice/organisations');
  await expect(page).toHaveURL(/\/backoffice\/organisations$/);
  for (const name of ['Reseller Partners UK Ltd', 'Customer Co Ltd', 'Customer Co Branch', 'EU Customer GmbH']) {
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByText('Other Reseller Ltd', { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Customer Co Branch', exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice\/organisations\/7$/);
  await expect(page.getByText('Customer Co Branch').first()).toBeVisible();
});

test('organisations: a collapsible tree indented by depth', async ({ page }) => {
  await visitAs(page, ROOT_ADMIN, '/backoffice/organisations');
  const branch = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Customer Co Branch', exact: true }) });
  // The first cell is indented by the row's depth.
  await expect(branch.locator('[data-level="3"]')).toBeVisible();
  await expect(
    page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'Supplier Distribution Ltd', exact: true }) })
      .locator('[data-level="0"]'),
  ).toBeVisible();
  const collapse = page.getByRole('button', { name: 'Collapse Reseller Partners UK Ltd', exact: true });
  await collapse.click();
  await expect(page.getByRole('link', { name: 'Customer Co Ltd', exact: true })).toHaveCount(0);
  await expect(branch).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Other Reseller Ltd', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Expand Reseller Partners UK Ltd', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Customer Co Branch', exact: true })).toBeVisible();
});

test('organisations: the status filter starts at Enabled, so a disabled organisation shows only when asked for', async ({ page }) => {
  await visitAs(page, ROOT_ADMIN, '/backoffice/organisations');
  await expect(page.getByRole('checkbox', { name: 'Enabled', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Disabled', exact: true })).not.toBeChecked();
  await expect(page.getByRole('link', { name: 'Other Customer Ltd', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dormant Trading Ltd', exact: true })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Disabled', exact: true }).check();
  await expect(page.getByRole('link', { name: 'Dormant Trading Ltd', exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Enabled', exact: true }).uncheck();
  await expect(page.getByRole('link', { name: 'Other Customer Ltd', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Dormant Trading Ltd', exact: true })).toBeVisible();
});

test('organisations: forbidden without organisation:view', async ({ page }) => {
  await visitAs(page, BUYER, '/backoffice/organisations');
  await expect(page.getByText(FORBIDDEN)).toBeVisible();
});

test('users: grouped under their organisations, within the subtree', async ({ page }) => {
  await visitAs(page, RESELLER_ADMIN, '/backoffice/users');
  await expect(page).toHaveURL(/\/backoffice\/users$/);
  for (const name of ['Rita Reseller', 'Bob Buyer', 'Eva Kunde', 'Dora Disabled'])
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Customer Co Ltd' }).first()).toBeVisible();
  await expect(page.getByText('Olly Other', { exact: true })).toHaveCount(0);
});

test('users: one status text and a two-factor column, and the status filter', async ({ page }) => {
  await visitAs(page, RESELLER_ADMIN, '/backoffice/users');
  const rowOf = (name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(rowOf('Uma Unverified')).toContainText('Unverified');
  await expect(rowOf('Dora Disabled')).toContainText('Disabled');
  await expect(rowOf('Percy Branch')).toContainText('Password requires reset');
  await expect(rowOf('Bob Buyer').getByRole('gridcell').nth(2)).toHaveText('Active');
  await expect(rowOf('Tara Twofactor').getByRole('gridcell').nth(3)).toHaveText('Enabled');
  await expect(rowOf('Bob Buyer').getByRole('gridcell').nth(3)).toHaveText('Disabled');
  await expect(page.getByRole('columnheader', { name: 'Verified', exact: true })).toHaveCount(0);
  await page.getByLabel('Status').selectOption({ label: 'Password requires reset' });
  await expect(page.getByRole('link', { name: 'Bob Buyer', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Percy Branch', exact: true })).toBeVisible();
  // Percy works four levels down, under Customer Co Branch, itself under Customer Co Ltd.
  await expect(page.getByRole('row').filter({ hasText: 'Customer Co Branch' }).first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Customer Co Ltd' }).first()).toBeVisible();
  await page.getByLabel('Status').selectOption({ label: 'Unverified' });
  await expect(page.getByRole('link', { name: 'Uma Unverified', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Percy Branch', exact: true })).toHaveCount(0);
});

test('users: forbidden without user:view', async ({ page }) => {
  await visitAs(page, BUYER, '/backoffice/users');
  await expect(page.getByText(FORBIDDEN)).toBeVisible();
});

test('roles: the template roles and the roles tree on one page, template links open for a reseller admin', async ({ page }) => {
  await visitAs(page, RESELLER_ADMIN, '/backoffice/roles');
  await expect(page).toHaveURL(/\/backoffice\/roles$/);
  await expect(page.getByRole('heading', { name: 'Roles', exact: true, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Template roles', level: 2, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Roles by organisation', level: 2, exact: true })).toBeVisible();
  for (const name of ['Reseller sales', 'Customer buyer', 'Buyer', 'Order viewer'])
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Customer Co Ltd' }).first()).toBeVisible();
  // The template belongs to the supplier, above the reseller admin's subtree: it still opens.
  await page.getByRole('link', { name: 'Reseller sales', exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice\/roles\/3$/);
  await expect(page.getByRole('textbox', { name: /Name/ })).toHaveValue('Reseller sales');
  await expect(page.getByText('Page not found')).toHaveCount(0);
});

test('roles: the name filter narrows the roles tree', async ({ page }) => {
  await visitAs(page, ROOT_ADMIN, '/backoffice/roles');
  await expect(page.getByRole('link', { name: 'Order viewer', exact: true })).toBeVisible();
  await page.getByLabel('Name').fill('buy');
  await expect(page.getByRole('link', { name: 'Order viewer', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Buyer', exact: true })).toBeVisible();
});

test('roles: forbidden without role:view', async ({ page }) => {
  await visitAs(page, BUYER, '/backoffice/roles');
  await expect(page.getByText(FORBIDDEN)).toBeVisible();
});

test('product groups: root sees every group', async ({ page }) => {
  await visitAs(page, ROOT_ADMIN, '/webstore/product_groups');
  await expect(page).toHaveURL(/\/webstore\/product_groups$/);
  for (const name of ['Zoom Workplace plans', 'Zoom add-ons', 'Dropbox business', 'Acronis backup bundles']) {
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  }
});

test('product groups: forbidden for a non-root admin', async ({ page }) => {
  await visitAs(page, RESELLER_ADMIN, '/webstore/product_groups');
  await expect(page.getByText(FORBIDDEN)).toBeVisible();
});

test('feeds: a linked reseller admin sees its feeds under its organisation', async ({ page }) => {
  await visitAs(page, RESELLER_ADMIN, '/webstore/feeds');
  await expect(page).toHaveURL(/\/webstore\/feeds$/);
  for (const name of ['Daily price file', 'Warehouse stock (SFTP)', 'Stock in the Channel'])
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Reseller Partners UK Ltd' }).first()).toBeVisible();
  await expect(page.getByText('Partner catalogue (FTPS)', { exact: true })).toHaveCount(0);
});

test('feeds: Enabled or Disabled with a warning icon whose tooltip says why', async ({ page }) => {
  await visitAs(page, ROOT_ADMIN, '/webstore/feeds');
  const rowOf = (name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(rowOf('Daily price file')).toContainText('Enabled');
  await expect(rowOf('Daily price file').getByRole('img')).toHaveCount(0);
  await expect(rowOf('Warehouse stock (SFTP)')).toContainText('Disabled');
  await expect(rowOf('Warehouse stock (SFTP)').getByRole('img')).toHaveAttribute('title', NOT_SCHEDULED);
  // Inactive and with its Stock in the Channel readiness unconfirmed: both reasons.
  await expect(rowOf('SITC (unconfirmed)').getByRole('img')).toHaveAttribute('title', `${NOT_SCHEDULED}. ${SITC_UNCONFIRMED}`);
  await expect(page.getByRole('columnheader', { name: 'Stock in the Channel ready', exact: true })).toHaveCount(0);
});

test('feeds: the organisation filter offers linked-account organisations only', async ({ page }) => {
  await visitAs(page, ROOT_ADMIN, '/webstore/feeds');
  const filter = page.getByLabel('Organisation');
  await expect(filter.locator('option')).toHaveText(['All', /Supplier Distribution Ltd/, /Reseller Partners UK Ltd/]);
  await filter.selectOption({ label: '\u00a0\u00a0\u00a0Reseller Partners UK Ltd' });
  await expect(page.getByRole('link', { name: 'Partner catalogue (FTPS)', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Daily price file', exact: true })).toBeVisible();
});

test('feeds: root staff without feed_configuration:manage sees every feed', async ({ page }) => {
  await visitAs(page, ROOT_STAFF, '/webstore/feeds');
  await expect(page).toHaveURL(/\/webstore\/feeds$/);
  for (const name of ['Daily price file', 'Partner catalogue (FTPS)', 'SITC (unconfirmed)'])
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByText(FORBIDDEN)).toHaveCount(0);
});

test('feeds: forbidden without feed_configuration:manage', async ({ page }) => {
  await visitAs(page, BUYER, '/webstore/feeds');
  await expect(page.getByText(FORBIDDEN)).toBeVisible();
});
