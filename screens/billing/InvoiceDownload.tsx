import { useState } from 'react';
import { fetchFile, saveFile } from '../../runtime/api/download';
import { useAlerts } from '../../runtime/alerts/useAlerts';
import { useT } from '../../runtime/i18n/useT';
import type { ActionSlotProps } from '../../runtime/slots/slotTypes';

const ALERT = 'invoice_download';

/**
 * The invoices list's download action (001 §2, §8): a warning "downloading invoice" while the file
 * comes, then "file downloaded" (cleared after 2 s) or the danger alert "error file download". The
 * file is saved under the name the server gives it (Content-Disposition, 001 §7).
 */
export function InvoiceDownload({ values }: ActionSlotProps) {
  const t = useT();
  const { push, pop } = useAlerts();
  const [busy, setBusy] = useState(false);
  const id = String(values['id'] ?? '');
  const reference = String(values['reference'] ?? id);

  const download = async () => {
    setBusy(true);
    push({ type: ALERT, key: id, level: 'warning', messageKey: 'downloading_invoice', autoClearMs: null });
    try {
      saveFile(await fetchFile(`/invoices/${encodeURIComponent(id)}/download`, { fallbackName: `${reference}.pdf` }));
      pop(ALERT, id);
      push({ type: ALERT, key: id, level: 'success', messageKey: 'file_downloaded' });
    } catch {
      pop(ALERT, id);
      push({ type: ALERT, key: id, level: 'danger', messageKey: 'error_file_download' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className="button action-bar__button"
      disabled={busy}
      aria-busy={busy}
      aria-label={t('invoices.download_named', { reference })}
      onClick={() => void download()}
    >
      {t('invoices.download')}
    </button>
  );
}
