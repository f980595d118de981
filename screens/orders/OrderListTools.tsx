import { useState } from 'react';
import { useAlerts } from '../../runtime/alerts/useAlerts';
import { sendRequest } from '../../runtime/api/send';
import { useT } from '../../runtime/i18n/useT';
import type { SelectionSlotProps } from '../../runtime/slots/slotTypes';
import { PrintButton } from './PrintButton';

interface ExportFile {
  filename: string;
  content_type: string;
  content: string;
}

/** Saves text as a file under the name given, as a download of the page. */
function saveFile(file: ExportFile): void {
  const url = URL.createObjectURL(new Blob([file.content], { type: file.content_type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The orders list's Export and Print (001 §2): Export sends the ticked orders (POST /orders/export)
 * and saves the CSV under the name the answer gives, with the "download csv" alert for 3 seconds
 * (001 §8, §9), or error_file_download; it waits for at least one ticked order. Print prints the list.
 */
export function OrderListTools({ selected }: SelectionSlotProps) {
  const t = useT();
  const { push } = useAlerts();
  const [busy, setBusy] = useState(false);
  const exportSelected = async () => {
    setBusy(true);
    try {
      const { body } = await sendRequest('POST', '/orders/export', { body: { orders: selected.map((row) => Number(row['id'])) } });
      saveFile(body as ExportFile);
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
