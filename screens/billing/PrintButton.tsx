import { useT } from '../../runtime/i18n/useT';
import './print.css';

/** Print (001 §2 invoices list, metrics): the browser's print dialog over a print-friendly page (print.css). */
export function PrintButton() {
  const t = useT();
  return (
    <button type="button" className="button print-button" onClick={() => window.print()}>
      {t('after_sale.print')}
    </button>
  );
}
