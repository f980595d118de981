import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Clicks an action's button within `scope` (a row, a record's action bar, the page), answers its
 * confirmation with `answer`, and waits for the modal to close. A list's grid used to fit its
 * columns again just after it was drawn, and a click in that moment landed beside the button, in
 * its cell (seen once in CI, 2026-11-30). The grid is now shown only once its columns have their
 * widths (GridTable.tsx, useSettled); the helper still clicks again while no confirmation has
 * opened, as a user would, and fails if none ever does.
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
