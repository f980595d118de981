import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAlerts } from '../../runtime/alerts/useAlerts';
import { api, ApiProblem, fetchList, fetchRecord, fetchTaggedRecord, isAbortError, unwrap } from '../../runtime/api/client';
import type { MessageKey } from '../../runtime/generated/messages';
import { useRouteNavigate } from '../../runtime/routing/useRouteNavigate';
import { hasModule, hasPermission } from '../../runtime/session/permissions';
import { useCurrentUser } from '../../runtime/session/useCurrentUser';
import type { SavedAddress } from '../baskets/basketDraft';
import type { CountryChoice } from '../baskets/countryOptions';
import { lineRefusalOf, type LineRefusal } from '../baskets/lineRefusal';
import { useDovetail } from '../baskets/useBasketEditor';
import {
  detailsComplete,
  draftOf,
  emptyDraft,
  offeredShipping,
  pricedRows,
  quoteShippable,
  saveBody,
  shippingComplete,
  subtotalOf,
  zoomComplete,
  type DraftLine,
  type Quote,
  type QuoteDraft,
  type QuoteLine,
  type QuoteProduct,
  type ShippingType,
} from './quoteDraft';
import { paymentComplete } from './quotePayment';
import type { QuoteProgress, QuoteStep } from './quoteSteps';

export type WizardStatus = 'loading' | 'loaded' | 'notFound' | 'forbidden';

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

/** A quote's products as its recipient's webstore offers them (GET /quotes/products), by id. */
async function productsFor(recipient: number, ids: readonly number[], signal?: AbortSignal): Promise<QuoteProduct[]> {
  if (ids.length === 0) return [];
  return (await fetchList<QuoteProduct>('/quotes/products', { organisation_to: recipient, product: [...ids], per_page: 96 }, signal)).rows;
}

/**
 * The quote editor's state (001 §2 quote edit wizard, §4): the stored draft (none yet on
 * quoteoutward_new), the draft being edited with its changed flag (set on any edit, cleared on
 * save, cancel and load), the recipient's products, and the writes: save (POST /quotes, then the
 * draft's own route; PUT /quotes/{id} with If-Match), send, approve and delete, each answered
 * with 001 §8's alerts. A quote of another organisation is forbidden, a missing or sent one not found.
 */
export function useQuoteWizard(id: string | undefined) {
  const { user } = useCurrentUser();
  const alerts = useAlerts();
  const goTo = useRouteNavigate();
  const [status, setStatus] = useState<WizardStatus>(id === undefined ? 'loaded' : 'loading');
  const [quote, setQuote] = useState<Quote | null>(null);
  const [etag, setEtag] = useState<string | null>(null);
  const [draft, setDraft] = useState<QuoteDraft>(emptyDraft);
  const [changed, setChanged] = useState(false);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<QuoteStep>('details');
  const [products, setProducts] = useState<ReadonlyMap<number, QuoteProduct>>(new Map());
  const [shippingTypes, setShippingTypes] = useState<readonly ShippingType[]>([]);
  const [countries, setCountries] = useState<readonly CountryChoice[]>([]);
  const [addresses, setAddresses] = useState<readonly SavedAddress[]>([]);
  const [refusal, setRefusal] = useState<LineRefusal | null>(null);
  const [reloads, setReloads] = useState(0);
  const dovetail = useDovetail(hasModule(user, 'DOVETAIL'));
  const sendKey = useRef(newKey());
  const createKey = useRef(newKey());

  // The stored draft and its lines at today's prices (001 §4), again after every save.
  useEffect(() => {
    if (id === undefined) return undefined;
    const controller = new AbortController();
    Promise.all([
      fetchTaggedRecord<Quote>(`/quotes/outward/${id}`, controller.signal),
      fetchRecord<QuoteLine[]>(`/quotes/outward/${id}/line_items`, controller.signal),
    ])
      .then(([{ record, etag: tag }, lines]) => {
        // 001 §2: "Non-draft quotes go to notFound".
        if (record.quote_status !== 'DRAFT') return setStatus('notFound');
        setQuote(record);
        setEtag(tag);
        setDraft(draftOf(record, lines));
        setChanged(false);
        setRefusal(null);
        setStatus('loaded');
      })
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        setStatus(error instanceof ApiProblem && error.status === 403 ? 'forbidden' : 'notFound');
      });
    return () => controller.abort();
  }, [id, reloads]);

  useEffect(() => {
    const controller = new AbortController();
    fetchList<ShippingType>('/shipping_types', {}, controller.signal).then(
      (page) => setShippingTypes(page.rows),
      () => undefined,
    );
    fetchList<CountryChoice>('/country_codes', {}, controller.signal).then(
      (page) => setCountries(page.rows),
      () => undefined,
    );
    return () => controller.abort();
  }, []);

  // The recipient's saved addresses (001 §7 GET /organisations/{id}/addresses) for the Shipping tab.
  const recipient = draft.organisation_to;
  useEffect(() => {
    setAddresses([]);
    if (recipient === null) return undefined;
    const controller = new AbortController();
    fetchList<SavedAddress>(`/organisations/${recipient}/addresses`, {}, controller.signal).then(
      (page) => setAddresses(page.rows),
      () => undefined,
    );
    return () => controller.abort();
  }, [recipient]);

  // The products of the lines, priced for the recipient; a new recipient prices everything anew.
  const recipientOfProducts = useRef<number | null>(null);
  const wanted = useMemo(() => [...new Set(draft.lines.map((line) => line.product))].sort((a, b) => a - b).join(','), [draft.lines]);
  useEffect(() => {
    if (recipientOfProducts.current !== recipient) {
      recipientOfProducts.current = recipient;
      setProducts(new Map());
    }
    if (recipient === null || wanted === '') return undefined;
    const controller = new AbortController();
    const ids = wanted.split(',').map(Number);
    productsFor(recipient, ids, controller.signal).then(
      (found) => setProducts((current) => new Map([...current, ...found.map((product) => [product.id, product] as const)])),
      () => undefined,
    );
    return () => controller.abort();
  }, [recipient, wanted]);

  const edit = useCallback((change: (current: QuoteDraft) => QuoteDraft) => {
    setDraft(change);
    setChanged(true);
  }, []);
  const change = useCallback((update: Partial<QuoteDraft>) => edit((current) => ({ ...current, ...update })), [edit]);
  const changeLine = useCallback(
    (key: number, update: Partial<DraftLine>) =>
      edit((current) => ({ ...current, lines: current.lines.map((line) => (line.key === key ? { ...line, ...update } : line)) })),
    [edit],
  );
  /** A product chosen in the picker: known at once, so its line prices without waiting for a reload. */
  const addProduct = useCallback(
    (product: QuoteProduct, line: DraftLine) => {
      setProducts((current) => new Map(current).set(product.id, product));
      edit((current) => ({ ...current, lines: [...current.lines, line] }));
    },
    [edit],
  );
  /** Lines written by the Zoom configuration wizard replace the lines it was opened on (none for a new configuration). */
  const replaceLines = useCallback(
    (replaced: readonly number[], lines: readonly DraftLine[], known: readonly QuoteProduct[]) => {
      setProducts((current) => new Map([...current, ...known.map((product) => [product.id, product] as const)]));
      edit((current) => {
        const at = current.lines.findIndex((line) => replaced.includes(line.key));
        const kept = current.lines.filter((line) => !replaced.includes(line.key));
        const index = at < 0 ? kept.length : at;
        return { ...current, lines: [...kept.slice(0, index), ...lines, ...kept.slice(index)] };
      });
    },
    [edit],
  );

  const rows = useMemo(() => pricedRows(draft, products), [draft, products]);
  const shippable = quoteShippable(rows);
  const options = useMemo(() => offeredShipping(draft, rows, shippingTypes), [draft, rows, shippingTypes]);
  const chosen = options.find((option) => option.rule.id === draft.shipping_type) ?? null;
  const progress: QuoteProgress = {
    details: detailsComplete(draft, products),
    zoom: zoomComplete(draft, products),
    shipping: shippingComplete(draft, shippable, options),
    payment: paymentComplete(draft, rows, quote?.currency ?? rows[0]?.product.currency ?? null),
  };
  const name = quote?.name ?? draft.name ?? '';

  const fail = useCallback(
    (error: unknown, messageKey: MessageKey) => {
      const reason = error instanceof ApiProblem && error.code !== 'internal' ? (error.message_key as MessageKey) : undefined;
      alerts.push({
        type: messageKey,
        level: 'danger',
        messageKey,
        values: { name },
        ...(reason && {
          detail: { messageKey: reason, values: { parameter: error instanceof ApiProblem ? (error.parameter ?? '') : '' } },
        }),
      });
    },
    [alerts, name],
  );

  const save = async () => {
    if (busy || !changed) return;
    const body = saveBody(draft, products, shippable);
    const sent = draft.lines.filter((line) => line.quantity > 0);
    setBusy(true);
    try {
      if (quote) {
        await unwrap(api.PUT('/quotes/{id}', { params: { path: { id: quote.id } }, body, headers: etag ? { 'If-Match': etag } : {} }));
        alerts.push({ type: 'save_success', level: 'success', messageKey: 'save_success' });
        setReloads((count) => count + 1);
      } else {
        const created = await unwrap(api.POST('/quotes', { body, headers: { 'Idempotency-Key': createKey.current } }));
        alerts.push({ type: 'save_success', level: 'success', messageKey: 'save_success' });
        setChanged(false);
        goTo('quoteoutward_edit', { id: created.id }, { replace: true });
      }
    } catch (error) {
      createKey.current = newKey();
      fail(error, 'quote_save_failure');
      const valueOf = (key: number, field: string) =>
        sent.find((line) => line.key === key)?.details[field as keyof DraftLine['details']] ?? '';
      setRefusal(
        lineRefusalOf(
          error,
          sent.map((line) => line.key),
          valueOf,
        ),
      );
      if (error instanceof ApiProblem && error.parameter?.startsWith('line_items')) setStep('details');
    } finally {
      setBusy(false);
    }
  };

  /** Cancel: the stored draft again (an unsaved new quote starts over). */
  const cancel = () => {
    if (quote) setReloads((count) => count + 1);
    else {
      setDraft(emptyDraft());
      setChanged(false);
    }
  };

  /** One of the draft's actions, with If-Match and an Idempotency-Key, then its success alert. */
  const act = async (run: () => Promise<unknown>, success: MessageKey, failure: MessageKey, then: () => void) => {
    if (!quote || busy) return;
    setBusy(true);
    try {
      await run();
      alerts.push({ type: success, level: 'success', messageKey: success, values: { name: quote.name } });
      then();
    } catch (error) {
      fail(error, failure);
    } finally {
      setBusy(false);
    }
  };
  const ifMatch = etag ? { 'If-Match': etag } : {};
  const send = () =>
    act(
      () =>
        unwrap(
          api.POST('/quotes/{id}/send', {
            params: { path: { id: quote!.id } },
            headers: { ...ifMatch, 'Idempotency-Key': sendKey.current },
          }),
        ),
      'quote_published_successfully',
      'quote_published_failure',
      () => goTo('quoteoutward', { id: quote!.id }),
    ).finally(() => (sendKey.current = newKey()));
  const approve = () =>
    act(
      () =>
        unwrap(
          api.POST('/quotes/{id}/approve', { params: { path: { id: quote!.id } }, headers: { ...ifMatch, 'Idempotency-Key': newKey() } }),
        ),
      'quote_approve_success',
      'quote_approve_failure',
      () => setReloads((count) => count + 1),
    );
  const remove = () =>
    act(
      () => unwrap(api.DELETE('/quotes/{id}', { params: { path: { id: quote!.id } }, headers: ifMatch })),
      'quote_delete_success',
      'quote_delete_failure',
      () => goTo('quotesoutward'),
    );

  return {
    user,
    status,
    quote,
    draft,
    changed,
    busy,
    step,
    setStep,
    products,
    shippingTypes,
    countries,
    addresses,
    dovetail,
    refusal,
    rows,
    shippable,
    options,
    chosen,
    shipping: shippable && chosen ? chosen.cost : '0.00',
    subtotal: subtotalOf(rows).toFixed(2),
    progress,
    mayAmend: hasPermission(user, 'quote:amend'),
    mayApprove: hasPermission(user, 'quote:approve'),
    edit,
    change,
    changeLine,
    addProduct,
    replaceLines,
    save,
    cancel,
    send,
    approve,
    remove,
  };
}

export type QuoteWizardState = ReturnType<typeof useQuoteWizard>;
