import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInTo } from './support/signIn';

/**
 * Emulation end to end (002 §4 Emulation, §2.5, §2.6): an administrator starts it from the users
 * list or a user's page, confirmed, lands in the store as that user with the emulation bar, and
 * the bar's stop link hands their own session back. The action is not offered on oneself, on a
 * disabled user, or while already emulating.
 */

const RESELLER_ADMIN = 'admin@reseller.example';

const rowOf = (page: Page, name: string): Locator => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
const emulationBar = (page: Page) => page.getByRole('status').filter({ hasText: 'is emulating' });

async function emulate(page: Page, scope: Locator | Page, name: string): Promise<void> {
  await scope.getByRole('button', { name: 'Emulate', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Do you want to emulate the user ${name}?`);
  await dialog.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(page).toHaveURL(/\/webstore$/);
  await expect(page.getByText(`You are now emulating ${name}.`)).toBeVisible();
}

test('a reseller admin emulates a buyer from the users list, then stops', async ({ page }) => {
  await signInTo(page, RESELLER_ADMIN, '/backoffice/users', /\/backoffice\/users$/);
  // Never oneself, never a disabled user.
  await expect(rowOf(page, 'Rita Reseller').getByRole('button', { name: 'Emulate', exact: true })).toHaveCount(0);
  await expect(rowOf(page, 'Dora Disabled').getByRole('button', { name: 'Emulate', exact: true })).toHaveCount(0);
  // The store's screen arrives late (a slow network): the users list being left must not render
  // for Bob Buyer meanwhile, who may not see it (that bounced to the forbidden page).
  await page.route(/\/assets\/StorePage-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.fallback();
  });
  await emulate(page, rowOf(page, 'Bob Buyer'), 'Bob Buyer');
  await page.unrouteAll({ behavior: 'wait' });
  await expect(emulationBar(page)).toContainText('is emulating Bob Buyer');
  const me = (await (await page.request.get('/api/v1/whoami')).json()) as { name: string; real_id: number | null };
  expect(me).toMatchObject({ name: 'Bob Buyer', real_id: expect.any(Number) });

  await emulationBar(page).getByRole('link', { name: 'Stop emulating', exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice\/users$/);
  await expect(emulationBar(page)).toHaveCount(0);
  expect(((await (await page.request.get('/api/v1/whoami')).json()) as { real_id: number | null }).real_id).toBeNull();
});

test("a root admin emulates from a user's page; while emulating, no further emulation is offered", async ({ page }) => {
  await signInTo(page, 'admin@supplier.example', '/backoffice/users', /\/backoffice\/users$/);
  const found = (await (await page.request.get('/api/v1/users?text=admin@reseller.example')).json()) as { id: number }[];
  await page.goto(`/backoffice/users/${found[0]?.id}`);
  await expect(page.getByRole('textbox', { name: 'Name*', exact: true })).toHaveValue('Rita Reseller');
  await emulate(page, page.getByRole('main'), 'Rita Reseller');
  await expect(emulationBar(page)).toContainText('is emulating Rita Reseller');
  // Rita is an admin herself, but the emulated session offers no emulation of its own.
  await page.goto('/backoffice/users');
  await expect(rowOf(page, 'Bob Buyer')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Emulate', exact: true })).toHaveCount(0);
  await emulationBar(page).getByRole('link', { name: 'Stop emulating', exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice\/users$/);
});
