import { expect, test, type Page } from '@playwright/test';
import { signInTo } from './support/signIn';

/**
 * The header menu (spec/menu.yaml) in a real browser: each area reached by clicking, only the
 * entries a user's guards allow, the current area marked, the back-office group by keyboard, and
 * the "Menu" button on a narrow screen.
 */

const ROOT_ADMIN = 'admin@supplier.example';
const BUYER = 'buyer@customer.example';

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu', exact: true });
/** A menu entry by its exact label, found also while its group is closed. */
const entry = (page: Page, label: string) => mainMenu(page).getByRole('link', { name: label, exact: true, includeHidden: true });
const backOffice = (page: Page) => mainMenu(page).getByRole('button', { name: 'Back office', exact: true });

/**
 * Opens the back-office group and follows its entry `label`. Opened again if it folded before the
 * click landed: the group folds when the focus leaves it, and on a loaded machine the store's last
 * renders can take the focus from the button just clicked (seen once in CI, 2026-11-28).
 */
async function followBackOfficeEntry(page: Page, label: string): Promise<void> {
  await expect(async () => {
    if ((await backOffice(page).getAttribute('aria-expanded')) !== 'true') await backOffice(page).click();
    await entry(page, label).click({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

async function expectCurrent(page: Page, label: string): Promise<void> {
  await expect(entry(page, label)).toHaveAttribute('aria-current', 'page');
  await expect(mainMenu(page).locator('[aria-current="page"]')).toHaveCount(1);
}

test('a root admin reaches every area from the menu, each marked as the current one', async ({ page }) => {
  await signInTo(page, ROOT_ADMIN, '/webstore', /\/webstore$/);
  await page.waitForLoadState('networkidle');
  await expectCurrent(page, 'Webstore');

  await entry(page, 'Orders').click();
  await expect(page).toHaveURL(/\/webstore\/orders$/);
  await expectCurrent(page, 'Orders');
  // A page under an area belongs to it.
  await page.getByRole('link', { name: 'HUB-10020', exact: true }).click();
  await expect(page).toHaveURL(/\/webstore\/orders\/\d+$/);
  await expectCurrent(page, 'Orders');

  // Root users send quotes: their Quotes entry is the outward list.
  await entry(page, 'Quotes').click();
  await expect(page).toHaveURL(/\/webstore\/quotesoutward$/);
  await expectCurrent(page, 'Quotes');

  for (const [label, path] of [
    ['Organisations', /\/backoffice\/organisations$/],
    ['Users', /\/backoffice\/users$/],
    ['Roles', /\/backoffice\/roles$/],
    ['Product groups', /\/webstore\/product_groups$/],
    ['Feeds', /\/webstore\/feeds$/],
    ['Sales metrics', /\/backoffice\/metrics$/],
    ['E-mail templates', /\/backoffice\/emails$/],
  ] as const) {
    await expect(backOffice(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(entry(page, label)).toBeHidden();
    await followBackOfficeEntry(page, label);
    await expect(page).toHaveURL(path);
    await expectCurrent(page, label);
  }
});

test('a root admin finds the API reference in the back office', async ({ page }) => {
  await signInTo(page, ROOT_ADMIN, '/webstore', /\/webstore$/);
  // The store settles first (its loads can move focus), so the opened group stays open.
  await page.waitForLoadState('networkidle');
  await expect(entry(page, 'API reference')).toHaveAttribute('href', '/api/v1/docs');
  await followBackOfficeEntry(page, 'API reference');
  await expect(page).toHaveURL(/\/api\/v1\/docs$/);
  await expect(page.getByRole('heading', { name: 'Reseller Hub API reference', exact: true })).toBeVisible();
  await expect(page.locator('#op-listOrders')).toContainText('/api/v1/orders');
});

test('a buyer sees their areas, inward quotes, and no back office', async ({ page }) => {
  await signInTo(page, BUYER, '/webstore', /\/webstore$/);
  await page.waitForLoadState('networkidle');
  await expect(mainMenu(page).getByRole('link')).toHaveText([
    'Webstore',
    'Baskets',
    'Orders',
    'Quotes',
    'Subscriptions',
    'Invoices',
    'Sign-in and API clients',
  ]);
  await expect(backOffice(page)).toHaveCount(0);
  // Everyone but root receives quotes: their Quotes entry is the inward list.
  await entry(page, 'Quotes').click();
  await expect(page).toHaveURL(/\/webstore\/quotesinward$/);
  await expectCurrent(page, 'Quotes');
  await entry(page, 'Baskets').click();
  await expect(page).toHaveURL(/\/webstore\/baskets$/);
  await expectCurrent(page, 'Baskets');
});

test('a visitor who is not signed in sees no menu', async ({ page }) => {
  await page.goto('/public/webstore');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
  await expect(mainMenu(page)).toHaveCount(0);
});

test('the back-office group works by keyboard', async ({ page }) => {
  await signInTo(page, ROOT_ADMIN, '/webstore', /\/webstore$/);
  // The store settles first (its loads can move focus), so the opened group stays open.
  await page.waitForLoadState('networkidle');
  const toggle = backOffice(page);
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // Tab leads into the open group; the arrows move within it.
  await page.keyboard.press('Tab');
  await expect(entry(page, 'Organisations')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(entry(page, 'Users')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(entry(page, 'API reference')).toBeFocused();
  // Escape closes the group and gives the button its focus back.
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
  // Space opens it too; ArrowDown from the button goes to the first entry; Enter follows it.
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowDown');
  await expect(entry(page, 'Organisations')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(entry(page, 'Users')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/backoffice\/users$/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expectCurrent(page, 'Users');
  // Leaving the group with the focus closes it.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Shift+Tab');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

test.describe('on a narrow screen', () => {
  test.use({ viewport: { width: 500, height: 800 } });

  test('the entries fold behind the Menu button', async ({ page }) => {
    await signInTo(page, BUYER, '/webstore', /\/webstore$/);
    await page.waitForLoadState('networkidle');
    const toggle = mainMenu(page).getByRole('button', { name: 'Menu', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(entry(page, 'Orders')).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(entry(page, 'Orders')).toBeVisible();
    await entry(page, 'Orders').click();
    await expect(page).toHaveURL(/\/webstore\/orders$/);
    // Following an entry folds the menu again; the entry is marked for when it unfolds.
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(entry(page, 'Orders')).toBeHidden();
    await expectCurrent(page, 'Orders');
    await toggle.click();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
  });

  test('a root admin opens the back office inside the unfolded menu', async ({ page }) => {
    await signInTo(page, ROOT_ADMIN, '/webstore', /\/webstore$/);
    await page.waitForLoadState('networkidle');
    await mainMenu(page).getByRole('button', { name: 'Menu', exact: true }).click();
    await followBackOfficeEntry(page, 'Roles');
    await expect(page).toHaveURL(/\/backoffice\/roles$/);
    await expectCurrent(page, 'Roles');
  });
});

test('on a wide screen the Menu button is not shown and the entries are', async ({ page }) => {
  await signInTo(page, BUYER, '/webstore', /\/webstore$/);
  await page.waitForLoadState('networkidle');
  await expect(mainMenu(page).getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
  await expect(entry(page, 'Orders')).toBeVisible();
});
