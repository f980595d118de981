import { expect, test } from '@playwright/test';
import { signInTo } from './support/signIn';
import { FIRST_DRAW } from './support/waits';

// Issue 19 "Charts": the metrics page's three charts (001 §2) come from the chart library, with
// labelled axes, values, tooltips in the chosen currency, the top six account managers plus
// Others, legends, and the figures in text for a screen reader.

test('the metrics charts: values, labelled axes, tooltips in the chosen currency, top six plus Others', async ({ page }) => {
  test.slow();
  await signInTo(page, 'admin@supplier.example', '/backoffice/metrics', /\/backoffice\/metrics$/);
  const charts = page.getByRole('region', { name: 'Charts', exact: true });
  const newOnHub = charts.getByRole('figure', { name: 'New on HUB', exact: true });
  const salesValue = charts.getByRole('figure', { name: 'Total sales value', exact: true });
  await expect(charts.getByRole('figure')).toHaveCount(3, FIRST_DRAW);
  await expect(newOnHub.locator('.recharts-pie-sector').first()).toBeVisible();

  // Eight account managers in the demo: the top six and Others, in each legend.
  const legend = salesValue.locator('.metrics-chart__legend').getByRole('listitem');
  await expect(legend).toHaveCount(7);
  await expect(legend.last()).toContainText('Others');
  await expect(legend.first()).toContainText(/£[\d,]+\.\d\d$/);

  // The columns: an axis labelled with the currency, each column's value written above it.
  await expect(salesValue.getByText('Sales value (GBP)')).toBeVisible();
  await expect(salesValue.getByText('Account manager', { exact: true })).toBeVisible();
  const firstValue = (await legend.first().locator('.metrics-chart__value').textContent())!;
  await expect(salesValue.locator('.metrics-chart__bar-label').first()).toHaveText(firstValue);

  // A column's tooltip gives its exact value; choosing euros changes axis, values and tooltips.
  await salesValue.locator('.recharts-bar-rectangle').first().hover();
  await expect(salesValue.locator('.recharts-tooltip-wrapper')).toContainText(firstValue);
  await charts.getByLabel('Euro (€)').check();
  await expect(salesValue.getByText('Sales value (EUR)')).toBeVisible();
  await expect(legend.first()).toContainText(/€[\d,]+\.\d\d$/);
  await salesValue.locator('.recharts-bar-rectangle').first().hover();
  await expect(salesValue.locator('.recharts-tooltip-wrapper')).toContainText('€');

  // A pie's slices carry their counts; its tooltip names the manager.
  const firstCount = (await newOnHub
    .locator('.metrics-chart__legend')
    .getByRole('listitem')
    .first()
    .locator('.metrics-chart__value')
    .textContent())!;
  await expect(newOnHub.locator('.recharts-pie-label-text').first()).toHaveText(firstCount);

  // By keyboard: the column chart takes focus and the arrows move its tooltip along the columns.
  await page.mouse.move(0, 0);
  await salesValue.locator('[tabindex="0"]').first().focus();
  const managerAt = async (index: number) => (await legend.nth(index).locator('.metrics-chart__label').textContent())!;
  await expect(salesValue.locator('.recharts-tooltip-wrapper')).toContainText(await managerAt(0));
  await page.keyboard.press('ArrowRight');
  await expect(salesValue.locator('.recharts-tooltip-wrapper')).toContainText(await managerAt(1));
});
