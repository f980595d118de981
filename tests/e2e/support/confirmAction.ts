import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Clicks an action's button within `scope` (a row, a record's action bar, the page), answers its
 * confirmation with `answer`, and waits for the modal to close. A list's grid fits its columns to
 * their content again just after it is drawn (when the page's font has loaded, or the user's
 * layout arrives), and a click in that moment can land beside the button, in its cell (seen once
 * in CI, 2026-11-30): as a user would, the helper clicks again while no confirmation has opened.
 */
export async function confirmAction(page: Page, scope: Locator | Page, action: string, text: string, answer = 'Yes'): Promise<void> {
  const dialog = page.getByRole('dialog');
  await expect(async () => {
    if (!(await dialog.isVisible())) await scope.getByRole('button', { name: action, exact: true }).click({ timeout: 2_000 });
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: answer, exact: true }).click();
  await expect(dialog).toBeHidden();
}
