import { expect, test } from '@playwright/test';
import { FORBIDDEN, signInTo } from './support/signIn';

// docs/backoffice.md "E-mail templates": a root admin previews each e-mail of spec/emails with its
// sample data, in any of the six languages and in an organisation's branding; nobody else may.

test("a root admin previews an e-mail in another language and in a reseller's branding", async ({ page }) => {
  await signInTo(page, 'admin@supplier.example', '/backoffice/emails', /\/backoffice\/emails/);
  await expect(page.getByRole('heading', { level: 1, name: 'E-mail templates' })).toBeVisible();
  // The back-office menu leads here.
  await page.getByRole('button', { name: 'Back office', exact: true }).click();
  await expect(page.getByRole('link', { name: 'E-mail templates', exact: true })).toHaveAttribute('aria-current', 'page');

  await page.getByLabel('E-mail', { exact: true }).selectOption({ label: 'Order status changed' });
  await expect(page.getByTestId('email-subject')).toHaveText('Order HUB-10042: Shipped');
  await page.getByLabel("Recipient's language").selectOption('fr');
  await expect(page.getByTestId('email-subject')).toHaveText('Commande HUB-10042 : Expédiée');
  await expect(page.getByTestId('email-text')).toContainText('Le statut de la commande HUB-10042');
  await expect(page).toHaveURL(/email=order_status_changed/);

  // The HTML part in its sandboxed frame: the French e-mail, without branding the portal's name.
  const frame = page.frameLocator('iframe[title="The HTML part of the e-mail"]');
  await expect(frame.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(frame.getByText('Voir la commande')).toBeVisible();
  await expect(frame.getByText('Reseller Partners UK Ltd, reselling since 2004')).toHaveCount(0);

  // Customer Co Ltd (3) has no branding of its own: its reseller's reaches it.
  await page.getByLabel('Branding of').selectOption('3');
  await expect(frame.getByText('Reseller Partners UK Ltd, reselling since 2004')).toBeVisible();
  await expect(page.getByTestId('email-text')).toContainText('Reseller Partners UK Ltd, reselling since 2004');
});

test('the preview is closed to an administrator who is not root', async ({ page }) => {
  await signInTo(page, 'admin@reseller.example', '/backoffice/emails');
  await expect(page.getByRole('heading', { name: FORBIDDEN, exact: true })).toBeVisible();
});
