import { expect, test } from '@playwright/test';
import { signInTo } from './support/signIn';

/**
 * 002 §4: changing an existing user's organisation asks for confirmation, because roles are then
 * emptied; declining keeps the old organisation. On the user page's Roles tab (docs/backoffice.md).
 * Cleo Checkout (user 11) of Customer Co holds "Checkout only"; "Order viewer" is EU Customer's.
 */

test("a user's organisation changes on the Roles tab: confirmed, roles emptied, the new organisation's roles saved", async ({ page }) => {
  await signInTo(page, 'admin@reseller.example', '/backoffice/users/11', /\/backoffice\/users\/11$/);
  await page.getByRole('tab', { name: 'Roles', exact: true }).click();
  const organisation = page.getByLabel('Organisation', { exact: true });
  await expect(organisation.locator('option:checked')).toHaveText(/Customer Co Ltd$/);
  await expect(page.getByRole('checkbox', { name: 'Checkout only', exact: true })).toBeChecked();
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();

  // Options are indented by depth: choose by the value of the one naming EU Customer.
  const euCustomer = (await organisation.locator('option', { hasText: 'EU Customer GmbH' }).getAttribute('value')) ?? '';
  // No: the old organisation and its roles stay.
  await organisation.selectOption(euCustomer);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Move Cleo Checkout to EU Customer GmbH? Roles belong to an organisation');
  await dialog.getByRole('button', { name: 'No', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(organisation.locator('option:checked')).toHaveText(/Customer Co Ltd$/);
  await expect(page.getByRole('checkbox', { name: 'Checkout only', exact: true })).toBeChecked();
  await expect(save).toBeDisabled();

  // Yes: the roles offered are EU Customer's, none ticked; Cancel would go back.
  await organisation.selectOption(euCustomer);
  await dialog.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'Checkout only', exact: true })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Order viewer', exact: true })).not.toBeChecked();
  await expect(save).toBeEnabled();
  await page.getByRole('checkbox', { name: 'Order viewer', exact: true }).check();
  await save.click();
  await expect(page.getByText('The roles of Cleo Checkout were saved.')).toBeVisible();

  await expect(organisation.locator('option:checked')).toHaveText(/EU Customer GmbH$/);
  await expect(page.getByRole('checkbox', { name: 'Order viewer', exact: true })).toBeChecked();
  await expect(save).toBeDisabled();
  // The page read the user again: the definition names the new organisation, and so does a reload.
  await page.getByRole('tab', { name: 'Definition', exact: true }).click();
  await expect(
    page
      .getByRole('tabpanel')
      .getByRole('definition')
      .filter({ hasText: /^EU Customer GmbH$/ }),
  ).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Roles', exact: true }).click();
  await expect(organisation.locator('option:checked')).toHaveText(/EU Customer GmbH$/);
  await expect(page.getByRole('checkbox', { name: 'Order viewer', exact: true })).toBeChecked();
});
