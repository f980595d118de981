import { useT } from '../../runtime/i18n/useT';
import type { ActionSlotProps } from '../../runtime/slots/slotTypes';

/**
 * Print (001 §2 footer buttons, the orders list): the browser's print dialog over the page as it
 * is; the print style sheet leaves out the menus, buttons and alerts, so what prints is the order
 * (or the list) alone.
 */
export function PrintButton(_props: Partial<ActionSlotProps>) {
  const t = useT();
  return (
    <button type="button" className="button action-bar__button" onClick={() => window.print()}>
      {t('orders.print')}
    </button>
  );
}
