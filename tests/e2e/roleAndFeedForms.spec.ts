import { expect, test } from '@playwright/test';
import { FORBIDDEN, signInTo } from './support/signIn';

// 002 §2.7, §2.8, §2.10, §4, §6: new and duplicated roles, new feeds.
test.describe('roles: new and duplicate', () => {
  test('a root admin adds a role from the roles list and lands on its page', async ({ page }) => {
    await signInTo(page, 'admin@supplier.example', '/backoffice/roles', /\/backoffice\/roles$/);
    await page.getByRole('link', { name: 'Add new role', exact: true }).click();
    await expect(page).toHaveURL(/\/backoffice\/roles\/new$/);
    await expect(page.getByRole('heading', { name: 'New role', exact: true })).toBeVisible();
    await page.locator('#root_name').fill('E2E warehouse desk');
    await page.locator('#root_organisation').selectOption('3');
    // 002 §5: root admins may make templates, so they see the choice.
    await expect(page.locator('#root_template')).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/backoffice\/roles\/\d+$/);
    const id = /\/roles\/(\d+)$/.exec(page.url())![1];
    const role = (await (await page.request.get(`/api/v1/roles/${id}`)).json()) as { name: string; organisation: { id: number }; template: boolean };
    expect(role).toMatchObject({ name: 'E2E warehouse desk', organisation: { id: 3 }, template: false });
  });

  test("a root admin duplicates a role from its row: prefilled, and the copy holds the role's permissions", async ({ page }) => {
    await signInTo(page, 'admin@supplier.example', '/backoffice/roles', /\/backoffice\/roles$/);
    const buyerRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Buyer', exact: true }) });
    await buyerRow.getByRole('link', { name: 'Duplicate', exact: true }).click();
    await expect(page).toHaveURL(/\/backoffice\/roles\/1\/duplicate$/);
    await expect(page.getByRole('heading', { name: 'Duplicating role', exact: true })).toBeVisible();
    await expect(page.locator('#root_name')).toHaveValue('Copy of Buyer');
    await expect(page.locator('#root_organisation')).toHaveValue('3');
    await page.locator('#root_name').fill('E2E copy of Buyer');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/backoffice\/roles\/\d+$/);
    const id = /\/roles\/(\d+)$/.exec(page.url())![1];
    expect(id).not.toBe('1');
    const permissionsOf = async (roleId: string) =>
      ((await (await page.request.get(`/api/v1/roles/${roleId}/permissions`)).json()) as { permission: { name: string }; value: number }[])
        .map((row) => `${row.permission.name}=${row.value}`)
        .sort();
    const source = await permissionsOf('1');
    expect(source.length).toBeGreaterThan(1);
    expect(await permissionsOf(id!)).toEqual(source);
  });

  test('the role page links to its duplicate form', async ({ page }) => {
    await signInTo(page, 'admin@supplier.example', '/backoffice/roles/2', /\/backoffice\/roles\/2$/);
    await page.getByRole('link', { name: 'Duplicate', exact: true }).click();
    await expect(page).toHaveURL(/\/backoffice\/roles\/2\/duplicate$/);
    await expect(page.locator('#root_name')).toHaveValue('Copy of Order viewer');
  });
});

test.describe('feeds: new', () => {
  test('a reseller admin creates a feed with the defaults and lands on its page', async ({ page }) => {
    await signInTo(page, 'admin@reseller.example', '/webstore/feeds', /\/webstore\/feeds$/);
    await page.getByRole('link', { name: 'Add new feed', exact: true }).first().click();
    await expect(page).toHaveURL(/\/webstore\/feeds\/new$/);
    await expect(page.getByRole('heading', { name: 'Now creating feed', exact: true })).toBeVisible();
    // 002 §4 defaults.
    // rjsf's select takes option indexes as values: read the chosen option's text.
    await expect(page.locator('#root_delivery_method option:checked')).toHaveText(/e-?mail/i);
    await expect(page.locator('#root_ftp_server_port')).toHaveValue('21');
    // Only organisations with a linked account are offered (002 §5).
    await expect(page.locator('#root_organisation option[value="3"]')).toHaveCount(0);
    await page.locator('#root_name').fill('E2E nightly prices');
    await page.locator('#root_organisation').selectOption('2');
    await page.locator('#root_timeslot').fill('120');
    await page.locator('#root_delivery_email').fill('feeds@reseller.example');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/webstore\/feeds\/\d+$/);
    await expect(page.getByText('E2E nightly prices').first()).toBeVisible();
  });

  test('a time slot off the half hour is refused by the server and the form keeps the input', async ({ page }) => {
    await signInTo(page, 'admin@reseller.example', '/webstore/feeds/new', /\/webstore\/feeds\/new$/);
    await page.locator('#root_name').fill('E2E odd slot');
    await page.locator('#root_organisation').selectOption('2');
    await page.locator('#root_timeslot').fill('45');
    await page.locator('#root_delivery_email').fill('feeds@reseller.example');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('The time slot must be on the hour or half hour, from 00:00 to 23:30.')).toBeVisible();
    await expect(page).toHaveURL(/\/webstore\/feeds\/new$/);
    await expect(page.locator('#root_name')).toHaveValue('E2E odd slot');
  });
});

test('a buyer is forbidden the new role, duplicate role and new feed pages', async ({ page }) => {
  await signInTo(page, 'buyer@customer.example', '/backoffice/roles/new');
  await expect(page.getByText(FORBIDDEN)).toBeVisible();
  for (const path of ['/backoffice/roles/1/duplicate', '/webstore/feeds/new']) {
    await page.goto(path);
    await expect(page.getByText(FORBIDDEN)).toBeVisible();
  }
});
