import { useState } from 'react';
import { useAlerts } from '../../runtime/alerts/useAlerts';
import { fetchFile, saveFile } from '../../runtime/api/download';
import { useT } from '../../runtime/i18n/useT';
import type { SelectionSlotProps } from '../../runtime/slots/slotTypes';
import { PrintButton } from '../common/PrintButton';

/**
 * The orders list's Export and Print (001 §2): Export sends the ticked orders (POST /orders/export)
 * and saves the CSV under the name the answer's Content-Disposition gives, with the "download csv" alert for 3 seconds
 * (001 §8, §9), or error_file_download; it waits for at least one ticked order. Print prints the list.
 */
export function OrderListTools({ selected }: SelectionSlotProps) {
  const t = useT();
  const { push } = useAlerts();
  const [busy, setBusy] = useState(false);
  const exportSelected = async () => {
    setBusy(true);
    try {
      saveFile(
        await fetchFile('/orders/export', { body: { orders: selected.map((row) => Number(row['id'])) }, fallbackName: 'orders.csv' }),
      );
      push({ type: 'orders_export', level: 'success', messageKey: 'download_csv', autoClearMs: 3000 });
    } catch {
      push({ type: 'orders_export', level: 'danger', messageKey: 'error_file_download' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="action-bar">
      <button type="button" className="button" disabled={busy || selected.length === 0} onClick={() => void exportSelected()}>
        {t('orders.export')}
      </button>
      <PrintButton />
    </span>
  );
}
