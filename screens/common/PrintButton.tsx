import { useT } from '../../runtime/i18n/useT';

/**
 * Print (001 §2: the orders list and an order, invoices, metrics): the browser's print dialog over
 * the page as it is. The print rules in runtime/styles.css are global, so they hold on any route the
 * user opened directly: the header, menus, filters, pager, row checkboxes, alerts and buttons are
 * left out and what prints is the page's content alone.
 */
export function PrintButton() {
  const t = useT();
  return (
    <button type="button" className="button print-button" onClick={() => window.print()}>
      {t('page.print')}
    </button>
  );
}
