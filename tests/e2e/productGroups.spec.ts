import { expect, test } from '@playwright/test';
import { signInTo } from './support/signIn';

// 002 §2.9 / §6: root admins create and edit product group definitions; other root users read them.
test.describe('product groups: create and edit', () => {
  test('a root admin creates a group with the prefilled name and lands on it', async ({ page }) => {
    await signInTo(page, 'admin@supplier.example', '/webstore/product_groups', /\/webstore\/product_groups$/);
    await page.getByRole('link', { name: 'Create product group', exact: true }).click();
    await expect(page).toHaveURL(/\/webstore\/product_groups\/new$/);
    const name = page.locator('#root_name');
    await expect(name).toHaveValue(/^New product group \d{1,2}\w\w \w{3} \d{4}, \d\d:\d\d$/);
    const prefilled = await name.inputValue();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/webstore\/product_groups\/\d+$/);
    await expect(page.locator('#root_name')).toHaveValue(prefilled);
  });

  test('clearing the subscription type clears the product type, and the group saves (002 §4)', async ({ page }) => {
    await signInTo(page, 'admin@supplier.example', '/webstore/product_groups/new', /\/new$/);
    await page.locator('#root_name').fill('E2E cleared type');
    await page.locator('#root_subscription_type').selectOption({ label: 'Zoom' });
    await page.locator('#root_subscription_product_type').selectOption({ label: 'Base' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/webstore\/product_groups\/\d+$/);
    // The record page loads the group it landed on: a choice made before that arrives is replaced by it.
    await page.waitForLoadState('networkidle');
    const chosen = (field: string) => page.locator(`#root_${field} option:checked`);
    await expect(chosen('subscription_product_type')).toHaveText('Base');
    await page.locator('#root_subscription_type').selectOption({ label: '— None —' });
    await expect(chosen('subscription_product_type')).toHaveText('— None —');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Product group updated successfully')).toBeVisible();
    await page.reload();
    await expect(chosen('subscription_type')).toHaveText('— None —');
    await expect(chosen('subscription_product_type')).toHaveText('— None —');
  });

  test('a root admin edits the description and sees it after reload', async ({ page }) => {
    await signInTo(page, 'admin@supplier.example', '/webstore/product_groups/new', /\/new$/);
    await page.locator('#root_name').fill('E2E edited group');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/webstore\/product_groups\/\d+$/);
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect(save).toBeDisabled();
    // An empty name is invalid: Save waits for a valid form.
    await page.locator('#root_name').fill('');
    await expect(save).toBeDisabled();
    await page.locator('#root_name').fill('E2E edited group');
    await page.locator('#root_description').fill('Edited in the browser');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(save).toBeDisabled();
    await page.reload();
    await expect(page.locator('#root_description')).toHaveValue('Edited in the browser');
    // Cancel drops an edit by loading the record again.
    await page.locator('#root_description').fill('Not kept');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(page.locator('#root_description')).toHaveValue('Edited in the browser');
    await expect(save).toBeDisabled();
  });

  test("a new group opens on its record page at once, though that page's code comes late", async ({ page }) => {
    // The record page's code is held until the test lets it through (a slow network, a loaded
    // machine): navigation waited for it with the create form still drawn, and enabled again once
    // saved, under the new address; what was typed there the record page then dropped.
    let releaseRecordScreen!: () => void;
    const recordScreenReleased = new Promise<void>((resolve) => (releaseRecordScreen = resolve));
    await page.route(/\/assets\/GenericRecordScreen-[\w-]+\.js$/, async (route) => {
      await recordScreenReleased;
      await route.continue();
    });
    await signInTo(page, 'admin@supplier.example', '/webstore/product_groups/new', /\/new$/);
    await page.locator('#root_name').fill('E2E late record page');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/webstore\/product_groups\/\d+$/);
    // Under the new address no form takes typing before the record's own.
    await expect(page.locator('#root_description')).toHaveCount(0);
    releaseRecordScreen();
    await expect(page.getByRole('heading', { name: 'E2E late record page', exact: true })).toBeVisible();
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await page.locator('#root_description').fill('Typed on the record page');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByText('Product group updated successfully')).toBeVisible();
    await page.reload();
    await expect(page.locator('#root_description')).toHaveValue('Typed on the record page');
  });

  test('a duplicate name shows the error and keeps the input', async ({ page }) => {
    await signInTo(page, 'admin@supplier.example', '/webstore/product_groups/new', /\/new$/);
    await page.locator('#root_name').fill('zoom add-ons');
    await page.locator('#root_description').fill('Kept after the error');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('This name is already taken; please choose another.')).toBeVisible();
    await expect(page).toHaveURL(/\/new$/);
    await expect(page.locator('#root_name')).toHaveValue('zoom add-ons');
    await expect(page.locator('#root_description')).toHaveValue('Kept after the error');
  });

  test('root staff without admin sees no create link and the read-only record', async ({ page }) => {
    await signInTo(page, 'staff@supplier.example', '/webstore/product_groups', /\/webstore\/product_groups$/);
    await expect(page.getByRole('link', { name: 'Zoom Workplace plans', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create product group', exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: 'Zoom Workplace plans', exact: true }).click();
    await expect(page).toHaveURL(/\/webstore\/product_groups\/\d+$/);
    await expect(page.getByText('Zoom Workplace plans').first()).toBeVisible();
    await expect(page.locator('#root_name')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  });
});
