import { expect, test } from '@playwright/test';
import { FORBIDDEN, signInTo } from './support/signIn';

// 002 §2.3–§2.6, §6: the add-new user and organisation screens, and who sees their links.
test.describe('back office: new users and organisations', () => {
  test('a reseller admin adds a user from the list and lands on its page, where it can be edited', async ({ page }) => {
    await signInTo(page, 'admin@reseller.example', '/backoffice/users', /\/backoffice\/users$/);
    // 002 §2.5: the link is both above and below the list.
    await expect(page.getByRole('link', { name: 'Add new user', exact: true })).toHaveCount(2);
    await page.getByRole('link', { name: 'Add new user', exact: true }).first().click();
    await expect(page).toHaveURL(/\/backoffice\/users\/new$/);
    await page.locator('#root_name').fill('Browser Starter');
    await page.locator('#root_email_address').fill('browser.starter@customer.example');
    // Organisation ids of the demo data: 3 is Customer Co.
    await expect(page.locator('#root_organisation option[value="3"]')).toHaveText(/Customer Co Ltd/);
    await page.locator('#root_organisation').selectOption('3');
    await page.locator('#root_timezone').fill('Europe/Dublin');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/backoffice\/users\/\d+$/);
    await expect(page.locator('#root_name')).toHaveValue('Browser Starter');
    await expect(page.locator('#root_email_address')).toHaveValue('browser.starter@customer.example');
    // The organisation is not edited here (its change has rules of its own).
    await expect(page.locator('#root_organisation')).toHaveCount(0);
    await page.locator('#root_name').fill('Browser Starter Renamed');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    await page.reload();
    await expect(page.locator('#root_name')).toHaveValue('Browser Starter Renamed');
  });

  test('an e-mail already taken shows the error and keeps the input', async ({ page }) => {
    await signInTo(page, 'admin@reseller.example', '/backoffice/users/new', /\/new$/);
    await page.locator('#root_name').fill('Copy Cat');
    await page.locator('#root_email_address').fill('Buyer@customer.example');
    await page.locator('#root_organisation').selectOption('3');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('This email_address is already taken; please choose another.')).toBeVisible();
    await expect(page).toHaveURL(/\/new$/);
    await expect(page.locator('#root_name')).toHaveValue('Copy Cat');
  });

  test('root admin creates an organisation under Reseller Partners UK, lands on it and finds it in the tree', async ({ page }) => {
    // Four page loads on a shared two-core machine: the default 30 s is too tight under load.
    test.slow();
    await signInTo(page, 'admin@supplier.example', '/backoffice/organisations', /\/backoffice\/organisations$/);
    await page.getByRole('link', { name: 'Add new organisation', exact: true }).click();
    await expect(page).toHaveURL(/\/backoffice\/organisations\/new$/);
    // As a person would: once the form shows its choices (the parents come from the server).
    await expect(page.getByLabel('Parent organisation').locator('option', { hasText: 'Reseller Partners UK Ltd' })).toHaveCount(1);
    await page.getByLabel('Name', { exact: true }).fill('Browser Made Ltd');
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Browser Made Ltd');
    // Organisation ids of the demo data: 2 is Reseller Partners UK.
    await page.getByLabel('Parent organisation').selectOption('2');
    // The reseller's account manager (002 §5: every organisation but the root has one).
    await page.getByLabel('Supplier account manager').selectOption({ label: 'Chloe Channel (chloe@reseller.example)' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/backoffice\/organisations\/\d+$/);
    await expect(page.getByText('Browser Made Ltd').first()).toBeVisible();
    await page.goto('/backoffice/organisations');
    const row = page.getByRole('link', { name: 'Browser Made Ltd', exact: true });
    await expect(row).toBeVisible();
    await row.click();
    await expect(page).toHaveURL(/\/backoffice\/organisations\/\d+$/);
  });

  test('a buyer sees neither add-new link and is forbidden the new screens', async ({ page }) => {
    await signInTo(page, 'buyer@customer.example', '/backoffice/users/new');
    await expect(page.getByText(FORBIDDEN)).toBeVisible();
    await page.goto('/backoffice/organisations/new');
    await expect(page.getByText(FORBIDDEN)).toBeVisible();
  });

  test('reseller sales, who may view but not modify, sees the lists without add-new links', async ({ page }) => {
    await signInTo(page, 'sales@other-reseller.example', '/backoffice/organisations', /\/backoffice\/organisations$/);
    await expect(page.getByRole('link', { name: 'Other Customer Ltd', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add new organisation', exact: true })).toHaveCount(0);
    await page.goto('/backoffice/users');
    await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add new user', exact: true })).toHaveCount(0);
    await page.goto('/backoffice/users/new');
    await expect(page.getByText(FORBIDDEN)).toBeVisible();
  });
});
