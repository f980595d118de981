import { useEffect, useState } from 'react';
import { API_BASE, fetchRecord } from '../../runtime/api/client';
import { formatDateTime } from '../../runtime/format/dates';
import { formatMoney } from '../../runtime/format/money';
import { useT } from '../../runtime/i18n/useT';
import { Modal } from '../../runtime/ui/Modal';
import { QuoteLinesView } from './QuoteFacts';
import type { Quote, QuoteLine } from './quoteDraft';

interface RevisionRow {
  revision: number;
  current: boolean;
  replaced_at: string | null;
  total: string;
  currency: Quote['currency'];
}
type SentRevision = Quote & { line_items: QuoteLine[] };

/**
 * The quote's revisions (docs/quotes.md "Revisions"): each revision sent, the kept ones with when
 * the sender replaced them and the current one, each with its PDF (GET /quotes/{id}/pdf, a plain
 * download) and, for a kept one, its lines as they were sent.
 */
export function QuoteRevisions({ quote }: { quote: Quote }) {
  const t = useT();
  const [rows, setRows] = useState<RevisionRow[]>([]);
  const [shown, setShown] = useState<SentRevision | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchRecord<RevisionRow[]>(`/quotes/${quote.id}/revisions`, controller.signal).then(setRows, () => setRows([]));
    return () => controller.abort();
  }, [quote]);
  const show = (revision: number) =>
    fetchRecord<SentRevision>(`/quotes/${quote.id}/revisions/${revision}`).then(setShown, () => setShown(null));
  if (rows.length === 0) return null;
  return (
    <section data-testid="quote-revisions">
      <h2>{t('quote_view.revisions')}</h2>
      <ul className="quote-view__revisions">
        {rows.map((row) => (
          <li key={row.revision} data-testid={`revision-${row.revision}`}>
            <span>
              {row.current
                ? t('quote_view.revision_current', { revision: row.revision })
                : t('quote_view.revision_replaced', {
                    revision: row.revision,
                    date: row.replaced_at ? formatDateTime(row.replaced_at) : '',
                  })}
              {' — '}
              {formatMoney(row.total, row.currency)}
            </span>
            {!row.current && (
              <button
                type="button"
                className="button button--link"
                onClick={() => void show(row.revision)}
                data-testid={`revision-show-${row.revision}`}
              >
                {t('quote_view.revision_show')}
              </button>
            )}
            <a
              className="button button--link"
              href={`${API_BASE}/quotes/${quote.id}/pdf?revision=${row.revision}`}
              download
              data-testid={`revision-pdf-${row.revision}`}
            >
              {t('quote_view.pdf')}
            </a>
          </li>
        ))}
      </ul>
      <Modal
        open={shown !== null}
        title={shown ? t('quote_view.revision_title', { name: shown.name, revision: shown.revision }) : ''}
        closeLabel={t('alert.close')}
        onClose={() => setShown(null)}
      >
        {shown && <QuoteLinesView quote={shown} lines={shown.line_items} />}
      </Modal>
    </section>
  );
}
