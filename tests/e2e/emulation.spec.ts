import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInTo } from './support/signIn';
import { answerLate } from './support/gate';

/**
 * Emulation end to end (002 §4 Emulation, §2.5, §2.6): an administrator starts it from the users
 * list, a user's page or the link /mask_user/{id}/begin, stating a reason, lands in the store as
 * that user with the emulation bar, and the bar's stop link hands their own session back. The
 * action is not offered on oneself, on a disabled user, or while already emulating. The reason is
 * in the user's audit log.
 */

const RESELLER_ADMIN = 'admin@reseller.example';

const rowOf = (page: Page, name: string): Locator => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
const emulationBar = (page: Page) => page.getByRole('status').filter({ hasText: 'is emulating' });

async function emulate(page: Page, scope: Locator | Page, name: string, reason = 'Support ticket 101'): Promise<void> {
  await scope.getByRole('button', { name: 'Emulate', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Do you want to emulate the user ${name}?`);
  // The reason is required: Proceed waits for one that says something.
  const proceed = dialog.getByRole('button', { name: 'Proceed', exact: true });
  await expect(proceed).toBeDisabled();
  await dialog.getByLabel('Reason for emulating').fill('   ');
  await expect(proceed).toBeDisabled();
  await dialog.getByLabel('Reason for emulating').fill(reason);
  await proceed.click();
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
  await answerLate(page, /\/assets\/StorePage-[^/]*\.js$/, 1000);
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
  // Rita is an admin herself, but the emulated session offers no emulation of its own…
  await page.goto('/backoffice/users');
  await expect(rowOf(page, 'Bob Buyer')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Emulate', exact: true })).toHaveCount(0);
  // …nor does the link's page: it says why instead of asking.
  const bob = ((await (await page.request.get('/api/v1/users?text=buyer@customer.example')).json()) as { id: number }[])[0]!.id;
  await page.goto(`/mask_user/${bob}/begin`);
  await expect(page.getByRole('alert').filter({ hasText: 'You are already emulating a user. Stop emulating first.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Proceed', exact: true })).toHaveCount(0);
  await emulationBar(page).getByRole('link', { name: 'Stop emulating', exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice\/users$/);
});

test('/mask_user/{id}/begin as a link asks for the reason, starts the emulation, and the audit log keeps the reason', async ({ page }) => {
  await signInTo(page, RESELLER_ADMIN, '/backoffice/users', /\/backoffice\/users$/);
  const found = (await (await page.request.get('/api/v1/users?text=buyer@customer.example')).json()) as { id: number }[];
  const bob = found[0]!.id;
  // A link from elsewhere: a full-page load of the URL alone changes nothing.
  await page.goto(`/mask_user/${bob}/begin`);
  await expect(page.getByRole('heading', { name: 'Emulate Bob Buyer', exact: true })).toBeVisible();
  await expect(page.getByText('Do you want to emulate the user Bob Buyer?')).toBeVisible();
  expect(((await (await page.request.get('/api/v1/whoami')).json()) as { real_id: number | null }).real_id).toBeNull();
  const proceed = page.getByRole('button', { name: 'Proceed', exact: true });
  await expect(proceed).toBeDisabled();
  // Cancel leads to the user's page.
  await page.getByRole('link', { name: 'Cancel', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/backoffice/users/${bob}$`));

  await page.goto(`/mask_user/${bob}/begin`);
  await page.getByLabel('Reason for emulating').fill('Ticket 4711: basket missing');
  await page.getByRole('button', { name: 'Proceed', exact: true }).click();
  await expect(page).toHaveURL(/\/webstore$/);
  await expect(page.getByText('You are now emulating Bob Buyer.')).toBeVisible();
  await expect(emulationBar(page)).toContainText('is emulating Bob Buyer');

  // Bob is no administrator: as him, the link opens the forbidden page.
  await page.goto(`/mask_user/${bob}/begin`);
  await expect(page).toHaveURL(/\/forbidden$/);

  await emulationBar(page).getByRole('link', { name: 'Stop emulating', exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice\/users$/);
  await page.goto(`/backoffice/users/${bob}`);
  await page.getByRole('tab', { name: 'Audit log', exact: true }).click();
  // The entry's change: the reason stated, under its label (the first test's emulation has its own).
  const change = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Ticket 4711: basket missing', exact: true }) });
  await expect(change.getByRole('cell', { name: 'Reason for emulating', exact: true })).toBeVisible();
});
