import { useEffect, useState } from 'react';
import { fetchList, isAbortError } from '../../runtime/api/client';
import { ApiProblem } from '../../runtime/api/problem';
import { sendRequest } from '../../runtime/api/send';
import { useAlerts } from '../../runtime/alerts/useAlerts';
import type { MessageKey } from '../../runtime/generated/messages';
import { isMessageKey } from '../../runtime/i18n/i18n';
import { useT } from '../../runtime/i18n/useT';
import { RouteLink } from '../../runtime/routing/RouteLink';
import { Spinner } from '../../runtime/ui/Spinner';
import { parseQuickOrder, type ParsedLine } from './quickOrderParse';
import './baskets.css';

interface BasketRow {
  id: number;
  name: string | null;
}
interface LineResult {
  line: number;
  sku: string;
  ok: boolean;
  message_key: string | null;
}
/** A line to show as failed: its number in the text, what it said, and why. */
interface Failure {
  line: number;
  sku: string;
  messageKey: MessageKey;
}

const MAX_LINES = 200;

/**
 * Quick order (issue 8 point 5): SKU and quantity pairs typed, pasted or read from a CSV file into
 * one of the organisation's open baskets. Unreadable lines are reported before anything is sent;
 * the server checks every line with the add's rules and adds all or none (POST
 * /baskets/{id}/quick_order), and each refused line is listed with its reason.
 */
export function QuickOrderPage() {
  const t = useT();
  const alerts = useAlerts();
  const [baskets, setBaskets] = useState<BasketRow[] | null>(null);
  const [basketId, setBasketId] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [failures, setFailures] = useState<Failure[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchList<BasketRow>('/baskets', { per_page: 96, sort_by: '-created_at' }, controller.signal).then(
      (page) => {
        setBaskets(page.rows);
        setBasketId(page.rows[0]?.id ?? null);
      },
      (error: unknown) => {
        if (!isAbortError(error)) setBaskets([]);
      },
    );
    return () => controller.abort();
  }, []);

  const readFile = (file: File | undefined) => {
    if (file) void file.text().then(setText);
  };

  const submit = async () => {
    if (basketId === null) return;
    const parsed: ParsedLine[] = parseQuickOrder(text);
    const unreadable = parsed.flatMap((line) =>
      'unreadable' in line ? [{ line: line.line, sku: line.text, messageKey: 'quick_order.unreadable' as MessageKey }] : [],
    );
    const lines = parsed.flatMap((line) => ('unreadable' in line ? [] : [line]));
    if (unreadable.length > 0 || lines.length === 0 || lines.length > MAX_LINES) {
      setFailures(lines.length > MAX_LINES ? [{ line: MAX_LINES + 1, sku: '', messageKey: 'quick_order.too_many' }] : unreadable);
      return;
    }
    setBusy(true);
    try {
      const answer = (
        await sendRequest('POST', `/baskets/${basketId}/quick_order`, {
          body: { lines: lines.map(({ sku, quantity }) => ({ sku, quantity })) },
        })
      ).body as { added: boolean; results: LineResult[] };
      const name = baskets?.find((basket) => basket.id === basketId)?.name ?? String(basketId);
      if (answer.added) {
        setFailures([]);
        setText('');
        alerts.push({
          type: 'quick_order',
          level: 'success',
          messageKey: 'quick_order.added',
          values: { count: lines.length, name },
          actions: [{ labelKey: 'alert.view_basket', route: 'basket', params: { id: basketId } }],
          autoClearMs: null,
        });
      } else {
        // The server numbers the lines it was sent; the buyer knows them by their line in the text.
        const refused = answer.results.filter((result) => !result.ok);
        setFailures(
          refused.map((result) => ({
            line: lines[result.line - 1]?.line ?? result.line,
            sku: result.sku,
            messageKey: result.message_key && isMessageKey(result.message_key) ? result.message_key : 'problem.bad_request',
          })),
        );
        alerts.push({ type: 'quick_order', level: 'danger', messageKey: 'quick_order.failed', values: { count: refused.length } });
      }
    } catch (error) {
      alerts.push({
        type: 'quick_order',
        level: 'danger',
        messageKey: error instanceof ApiProblem && isMessageKey(error.message_key) ? error.message_key : 'problem.internal',
      });
    } finally {
      setBusy(false);
    }
  };

  if (baskets === null) return <Spinner />;
  return (
    <section className="quick-order" data-testid="quick-order">
      <h1>{t('quick_order.title')}</h1>
      <p>{t('quick_order.help')}</p>
      {baskets.length === 0 ? (
        <p>
          <RouteLink to="basket_new">{t('baskets.create')}</RouteLink>
        </p>
      ) : (
        <div className="form">
          <label className="form__field">
            <span>{t('basket_dialog.basket')}</span>
            <select value={basketId ?? ''} onChange={(event) => setBasketId(Number(event.target.value))} data-testid="quick-order-basket">
              {baskets.map((basket) => (
                <option key={basket.id} value={basket.id}>
                  {basket.name ?? basket.id}
                </option>
              ))}
            </select>
          </label>
          <label className="form__field">
            <span>{t('quick_order.lines')}</span>
            <textarea
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder={'GEN-HDMI-5M,4\nLOGI-BRIO-4K,1'}
              data-testid="quick-order-text"
            />
          </label>
          <label className="form__field">
            <span>{t('quick_order.file')}</span>
            <input
              type="file"
              accept=".csv,text/csv,text/plain"
              onChange={(event) => readFile(event.target.files?.[0])}
              data-testid="quick-order-file"
            />
          </label>
          {failures.length > 0 && (
            <ul className="quick-order__results" data-testid="quick-order-failures">
              {failures.map((failure) => (
                <li key={`${failure.line}-${failure.sku}`}>
                  {t('quick_order.line', { line: failure.line, sku: failure.sku })}: {t(failure.messageKey, { parameter: '' })}
                </li>
              ))}
            </ul>
          )}
          <div className="basket-page__buttons">
            <button
              type="button"
              className="button button--primary"
              disabled={busy || text.trim() === ''}
              onClick={() => void submit()}
              data-testid="quick-order-submit"
            >
              {t('quick_order.submit')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
