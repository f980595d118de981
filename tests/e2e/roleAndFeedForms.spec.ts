import { expect, test } from '@playwright/test';
import { apiWrite } from './support/api';
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
    const role = (await (await page.request.get(`/api/v1/roles/${id}`)).json()) as {
      name: string;
      organisation: { id: number };
      template: boolean;
    };
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
    // 002 §4 defaults: enabled, no time slot yet.
    await expect(page.getByLabel('Enabled', { exact: true })).toBeChecked();
    await expect(page.getByLabel('Runs every day at', { exact: true })).toHaveValue('');
    // Only organisations with a linked account are offered (002 §5).
    const organisation = page.getByLabel('Organisation', { exact: true });
    await expect(organisation.locator('option[value="2"]')).toHaveCount(1);
    await expect(organisation.locator('option[value="3"]')).toHaveCount(0);
    await page.getByLabel('Name', { exact: true }).fill('E2E nightly prices');
    await organisation.selectOption('2');
    await page.getByLabel('Runs every day at', { exact: true }).selectOption({ label: '02:00' });
    await page.getByRole('tab', { name: /^Delivery/ }).click();
    // 002 §4 defaults: e-mail, and FTP on port 21 when FTP is chosen.
    await expect(page.getByRole('combobox', { name: 'Delivery', exact: true })).toHaveValue('EMAIL');
    await page.getByLabel('Delivery e-mail', { exact: true }).fill('feeds@reseller.example');
    await page.getByRole('tab', { name: /^Configuration/ }).click();
    await expect(page.getByLabel('Delimiter', { exact: true })).toHaveValue('COMMA');
    await expect(page.getByLabel('Escape method', { exact: true })).toHaveValue('QUOTED');
    await expect(page.getByLabel('Show headers', { exact: true })).toBeChecked();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/webstore\/feeds\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Feed: E2E nightly prices', exact: true })).toBeVisible();
    const id = /\/feeds\/(\d+)$/.exec(page.url())![1];
    const feed = (await (await page.request.get(`/api/v1/feeds/${id}`)).json()) as Record<string, unknown>;
    expect(feed).toMatchObject({
      timeslot: 120,
      active: true,
      delivery_method: 'EMAIL',
      ftp_server_port: 21,
      columns: [],
      delimiter: 'COMMA',
      escape_method: 'QUOTED',
      show_headers: true,
    });
  });

  test('a name taken after the page checked it is refused by the server, beside the name, and the form keeps the input', async ({
    page,
  }) => {
    await signInTo(page, 'admin@reseller.example', '/webstore/feeds/new', /\/webstore\/feeds\/new$/);
    await page.getByLabel('Name', { exact: true }).fill('E2E taken meanwhile');
    await page.getByLabel('Organisation', { exact: true }).selectOption('2');
    await page.getByLabel('Runs every day at', { exact: true }).selectOption({ label: '00:30' });
    await page.getByRole('tab', { name: /^Delivery/ }).click();
    await page.getByLabel('Delivery e-mail', { exact: true }).fill('feeds@reseller.example');
    // Someone else takes the name now.
    const other = await apiWrite(page, 'POST', '/feeds', {
      name: 'E2E taken meanwhile',
      organisation: 2,
      timeslot: 0,
      delivery_email: 'feeds@reseller.example',
    });
    try {
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Feed E2E taken meanwhile could not be created. Please try again.')).toBeVisible();
      await expect(page).toHaveURL(/\/webstore\/feeds\/new$/);
      await expect(page.getByRole('tab', { name: 'Definition', exact: true })).toHaveAttribute('aria-invalid', 'true');
      await page.getByRole('tab', { name: 'Definition', exact: true }).click();
      await expect(page.getByText('This name is already taken; please choose another.')).toBeVisible();
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue('E2E taken meanwhile');
      await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    } finally {
      await apiWrite(page, 'DELETE', `/feeds/${String(other['id'])}`);
    }
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
