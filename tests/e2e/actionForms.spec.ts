import { expect, test } from '@playwright/test';
import { openPortalDatabase } from './support/portal';
import { apiRead, apiWrite } from './support/api';
import { signInTo } from './support/signIn';
import { writeVersionedRows } from '../../server/testing/versionedRows';

/**
 * Saves that go with the actions of issue 7: the role permissions editor (002 §2.8) and an edit
 * form whose record someone else changed meanwhile (If-Match, 412 stale_record). Every test
 * leaves the demo data as it found it, but for the user the stale-form test adds.
 */

const ROOT_ADMIN = 'admin@supplier.example';
const RESELLER_ADMIN = 'admin@reseller.example';

/** The value the role grants each permission, by name (a missing one is off). */
async function grantsOf(page: import('@playwright/test').Page, role: number): Promise<Record<string, number>> {
  const rows = (await (await page.request.get(`/api/v1/roles/${role}/permissions`)).json()) as {
    permission: { name: string };
    value: number;
  }[];
  return Object.fromEntries(rows.map((row) => [row.permission.name, row.value]));
}

test.describe('the role permissions editor (002 §2.8)', () => {
  test('an admin grants a permission, saves with its alert, and takes it back', async ({ page }) => {
    await signInTo(page, RESELLER_ADMIN, '/backoffice/roles/2', /\/backoffice\/roles\/2$/);
    await page.getByRole('tab', { name: 'Permissions', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'General', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Webstore module', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Dovetail module', exact: true })).toBeVisible();
    const save = page.getByRole('button', { name: 'Save', exact: true });
    const cancel = page.getByRole('button', { name: 'Cancel', exact: true });
    await expect(save).toBeDisabled();
    await expect(cancel).toBeDisabled();

    await page.getByRole('radio', { name: 'Quotes: view: All', exact: true }).check();
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByText('The permissions of role Order viewer have been updated.')).toBeVisible();
    await expect(save).toBeDisabled();
    expect(await grantsOf(page, 2)).toEqual({ 'order:view': 2, 'quote:view': 2 });

    await page.getByRole('radio', { name: 'Quotes: view: Off', exact: true }).check();
    await page.getByRole('radio', { name: 'Orders: view: Child organisations', exact: true }).check();
    await cancel.click();
    await expect(page.getByRole('radio', { name: 'Quotes: view: All', exact: true })).toBeChecked();
    await page.getByRole('radio', { name: 'Quotes: view: Off', exact: true }).check();
    await save.click();
    await expect(page.getByText('The permissions of role Order viewer have been updated.')).toBeVisible();
    expect(await grantsOf(page, 2)).toEqual({ 'order:view': 2 });
  });

  test("an admin renames a role in its definition, with the form's alert, and names it back", async ({ page }) => {
    await signInTo(page, RESELLER_ADMIN, '/backoffice/roles/2', /\/backoffice\/roles\/2$/);
    const definition = page.getByRole('tabpanel', { name: 'Definition', exact: true });
    const name = definition.getByRole('textbox', { name: /Name/ });
    await expect(name).toHaveValue('Order viewer');
    for (const [from, to] of [
      ['Order viewer', 'Order readers'],
      ['Order readers', 'Order viewer'],
    ] as const) {
      await expect(name).toHaveValue(from);
      await name.fill(to);
      await definition.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Role updated successfully')).toBeVisible();
      expect((await apiRead(page, '/roles/2'))['name']).toBe(to);
    }
  });

  test('a user holding the role reads it: "You cannot edit your own roles"', async ({ page }) => {
    const db = openPortalDatabase();
    const [staged] = await writeVersionedRows(db, (trx) => trx('user_roles').insert({ user_id: 2, role_id: 2 }));
    try {
      await signInTo(page, RESELLER_ADMIN, '/backoffice/roles/2', /\/backoffice\/roles\/2$/);
      await page.getByRole('tab', { name: 'Permissions', exact: true }).click();
      await expect(page.getByText('You cannot edit your own roles')).toBeVisible();
      await expect(page.getByRole('radio', { name: 'Orders: view: All', exact: true })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
    } finally {
      await writeVersionedRows(db, (trx) => trx('user_roles').where('id', staged).delete());
      await db.destroy();
    }
  });
});

test.describe('an edit form whose record changed meanwhile (If-Match, 412)', () => {
  test('says someone else changed it, reloads keeping what was typed, then saves with its alert', async ({ page }) => {
    await signInTo(page, ROOT_ADMIN, '/backoffice/users', /\/backoffice\/users$/);
    const user = await apiWrite(page, 'POST', '/users', {
      name: 'E2E Stale Sam',
      email_address: 'e2e.stale@customer.example',
      organisation: 3,
    });
    const id = String(user['id']);
    await page.goto(`/backoffice/users/${id}`);
    await expect(page.locator('#root_name')).toHaveValue('E2E Stale Sam');
    await page.locator('#root_name').fill('E2E Stale Samuel');

    // Someone else saves the user in the meantime.
    await apiWrite(page, 'PUT', `/users/${id}`, {
      name: 'E2E Stale Sam',
      email_address: 'e2e.stale@customer.example',
      timezone: 'Europe/Berlin',
    });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'Someone else changed this record while you were editing it.' });
    await expect(notice).toBeVisible();
    expect((await apiRead(page, `/users/${id}`))['name']).toBe('E2E Stale Sam');

    await notice.getByRole('button', { name: 'Reload', exact: true }).click();
    await expect(notice).toBeHidden();
    await expect(page.locator('#root_name')).toHaveValue('E2E Stale Samuel');
    await expect(page.locator('#root_timezone')).toHaveValue('Europe/Berlin');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('User updated successfully')).toBeVisible();
    expect(await apiRead(page, `/users/${id}`)).toMatchObject({ name: 'E2E Stale Samuel', timezone: 'Europe/Berlin' });
  });
});
