import '../orders/orderView.css';
import './quotes.css';
import { useEffect, useState } from 'react';
import { fetchRecord } from '../../runtime/api/client';
import { useT } from '../../runtime/i18n/useT';
import { RouteLink } from '../../runtime/routing/RouteLink';
import { useRouteNavigate } from '../../runtime/routing/useRouteNavigate';
import type { TabSlotProps } from '../../runtime/slots/slotTypes';
import { Spinner } from '../../runtime/ui/Spinner';
import { enumText } from '../orders/orderText';
import { QuoteFacts, QuoteLinesView, quoteExpired } from './QuoteFacts';
import { QuoteRevisions } from './QuoteRevisions';
import type { Quote, QuoteLine } from './quoteDraft';

/**
 * Route quoteoutward (001 §2 outward quote view): the sender's view of a sent quote, its details
 * (with the order it became) and product table. Accept and order, Void, Copy and Print are the
 * screen's footer actions (spec/screens/orders.yaml). 001 §2: "DRAFT quotes redirect to
 * quoteoutward_edit", the editor, in place of this address.
 */
export function OutwardQuoteView(props: TabSlotProps) {
  return (props.record as Partial<Quote>).quote_status === 'DRAFT' ? <DraftRedirect id={props.id} /> : <SentQuoteView {...props} />;
}

/** A draft is edited, not viewed: its editor replaces the address (Back does not return here). */
function DraftRedirect({ id }: { id: string }) {
  const goTo = useRouteNavigate();
  useEffect(() => goTo('quoteoutward_edit', { id }, { replace: true }), [goTo, id]);
  return <Spinner />;
}

function SentQuoteView({ id, record }: TabSlotProps) {
  const t = useT();
  const quote = record as unknown as Quote;
  const [lines, setLines] = useState<QuoteLine[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchRecord<QuoteLine[]>(`/quotes/outward/${id}/line_items`, controller.signal).then(setLines, () => setLines([]));
    return () => controller.abort();
  }, [id, record]);
  return (
    <div className="quote-view" data-testid="outward-quote">
      <RouteLink to="quotesoutward">← {t('quote_wizard.back')}</RouteLink>
      <h1>{t('quote_view.heading', { name: quote.name, status: enumText(t, 'quote_status', quote.quote_status) })}</h1>
      {quoteExpired(quote) && (
        <p role="alert" className="quote-wizard__approval" data-testid="quote-expired">
          {t('quote_view.expired')}
        </p>
      )}
      <QuoteFacts quote={quote} />
      <h2>{t('quote_wizard.lines')}</h2>
      {lines ? <QuoteLinesView quote={quote} lines={lines} /> : <Spinner />}
      <QuoteRevisions quote={quote} />
    </div>
  );
}
