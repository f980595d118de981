import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAlerts } from '../../runtime/alerts/useAlerts';
import { api, ApiProblem, fetchList, fetchRecord, unwrap } from '../../runtime/api/client';
import { sendRequest } from '../../runtime/api/send';
import type { MessageKey } from '../../runtime/generated/messages';
import { useRouteNavigate } from '../../runtime/routing/useRouteNavigate';
import { hasPermission } from '../../runtime/session/permissions';
import { useCurrentUser } from '../../runtime/session/useCurrentUser';
import { editableDetails, requiredDetails } from '../../shared/baskets/lineDetails';
import { isShippable, SHIPPING_ADDRESS_REQUIRED, shippingOptions } from '../../shared/pricing/shipping';
import type { SavedAddress } from '../baskets/basketDraft';
import type { CountryChoice } from '../baskets/countryOptions';
import { usePurchaseOrderTaken } from '../checkout/usePurchaseOrderTaken';
import type { ShippingDraft } from '../checkout/ShippingTab';
import { quoteExpired } from './QuoteFacts';
import { type Quote, type QuoteLine, type QuoteProduct, type ShippingType } from './quoteDraft';

/** The subscription names the recipient gives at acceptance (001 §5; POST /quotes/{id}/accept line_items). */
export const RECIPIENT_NAME_FIELDS = [
  'dropbox_team_name',
  'dropbox_admin_email',
  'acronis_tenant_name',
  'acronis_admin_email',
  'sbc_name',
  'nuvias_name',
  'stac_teams_name',
  'stac_zoom_phone_name',
] as const;
export type NameField = (typeof RECIPIENT_NAME_FIELDS)[number];

/** The fields of a line the recipient names: those of its kind among the acceptance names. */
export const nameFieldsOf = (line: Pick<QuoteLine, 'subscription_type'>) =>
  editableDetails(line.subscription_type).filter((field): field is NameField =>
    (RECIPIENT_NAME_FIELDS as readonly string[]).includes(field),
  );

export type InwardDraft = ShippingDraft & {
  purchase_order_number: string | null;
  provisioning_instructions: string | null;
  /** Each line's names as typed, by line id. */
  names: Record<number, Partial<Record<NameField, string>>>;
};

const ADDRESS_AND_MORE = [
  'shipping_company_name',
  'shipping_recipient_name',
  'shipping_addr_line_1',
  'shipping_addr_line_2',
  'shipping_city',
  'shipping_region',
  'shipping_postal_code',
  'shipping_country_code',
  'ship_instructions',
  'provisioning_instructions',
  'purchase_order_number',
] as const;

function draftOf(quote: Quote, lines: readonly QuoteLine[]): InwardDraft {
  const record = quote as unknown as Record<string, string | null>;
  return {
    ...(Object.fromEntries(ADDRESS_AND_MORE.map((field) => [field, record[field] ?? null])) as Record<
      (typeof ADDRESS_AND_MORE)[number],
      string | null
    >),
    shipping_type: quote.shipping_type?.id ?? null,
    part_ship: quote.part_ship,
    names: Object.fromEntries(
      lines.map((line) => [line.id, Object.fromEntries(nameFieldsOf(line).map((field) => [field, line[field] ?? '']))]),
    ),
  };
}

const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === '';
const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

/**
 * The inward view's state (001 §2 inward quote view, §5 "Quote accept"): what the recipient
 * completes on a PUBLISHED quote (PO number and subscription names with quote:accept; address,
 * method, part shipment and instructions with quote:modify), saved with PUT /quotes/inward/{id}
 * and If-Match; Accept and order once saved and complete. An expired or closed quote is read-only.
 */
export function useInwardQuote(quote: Quote, etag: string | null, reload: () => void) {
  const { user } = useCurrentUser();
  const alerts = useAlerts();
  const goTo = useRouteNavigate();
  const [lines, setLines] = useState<QuoteLine[] | null>(null);
  const [products, setProducts] = useState<ReadonlyMap<number, QuoteProduct>>(new Map());
  /**
   * The product ids (`productIds`) whose products have been read. Until they are, whether the
   * quote ships is not known: a save then would have sent it as shipping nothing and cleared its
   * shipping method (a browser test caught it on a loaded machine).
   */
  const [productsRead, setProductsRead] = useState('');
  const [shippingTypes, setShippingTypes] = useState<readonly ShippingType[]>([]);
  const [countries, setCountries] = useState<readonly CountryChoice[]>([]);
  const [addresses, setAddresses] = useState<readonly SavedAddress[]>([]);
  const [draft, setDraft] = useState<InwardDraft | null>(null);
  const [changed, setChanged] = useState(false);
  const [busy, setBusy] = useState(false);
  const acceptKey = useRef(newKey());

  useEffect(() => {
    const controller = new AbortController();
    fetchRecord<QuoteLine[]>(`/quotes/inward/${quote.id}/line_items`, controller.signal).then(setLines, () => setLines([]));
    fetchList<ShippingType>('/shipping_types', {}, controller.signal).then(
      (page) => setShippingTypes(page.rows),
      () => undefined,
    );
    fetchList<CountryChoice>('/country_codes', {}, controller.signal).then(
      (page) => setCountries(page.rows),
      () => undefined,
    );
    fetchList<SavedAddress>(`/quotes/inward/${quote.id}/addresses`, {}, controller.signal).then(
      (page) => setAddresses(page.rows),
      () => undefined,
    );
    return () => controller.abort();
  }, [quote]);
  // How the lines ship: the products as the recipient's webstore shows them (a product gone ships nothing).
  const productIds = useMemo(() => [...new Set((lines ?? []).map((line) => line.product))].join(','), [lines]);
  useEffect(() => {
    if (productIds === '') return undefined;
    const controller = new AbortController();
    Promise.all(productIds.split(',').map((id) => fetchRecord<QuoteProduct>(`/products/${id}`, controller.signal).catch(() => null))).then(
      (found) => {
        if (controller.signal.aborted) return;
        setProducts(new Map(found.flatMap((product) => (product ? [[product.id, product] as const] : []))));
        setProductsRead(productIds);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [productIds]);
  // A (re)load replaces the draft: what the server holds now.
  useEffect(() => {
    if (lines) {
      setDraft(draftOf(quote, lines));
      setChanged(false);
    }
  }, [quote, lines]);

  const productsKnown = productsRead === productIds;
  const organisation = user?.organisation ?? null;
  const open = quote.quote_status === 'PUBLISHED' && !quoteExpired(quote);
  const mayAccept = hasPermission(user, 'quote:accept');
  const mayModify = hasPermission(user, 'quote:modify');
  const shipLines = (lines ?? []).map((line) => {
    const product = products.get(line.product);
    return {
      quantity: product ? line.quantity : 0,
      ship_cost: product?.ship_cost ?? null,
      weight: product?.weight ?? null,
      weight_unit: product?.weight_unit ?? null,
      is_shippable: product?.is_shippable ?? false,
    };
  });
  const shippable = isShippable(shipLines);
  const options = useMemo(
    () => (draft ? shippingOptions(shippingTypes, draft.shipping_country_code, shipLines) : []),
    [draft, shippingTypes, shipLines],
  );

  const edit = useCallback((update: Partial<InwardDraft>) => {
    setDraft((current) => (current ? { ...current, ...update } : current));
    setChanged(true);
  }, []);
  const editName = (lineId: number, field: NameField, value: string) =>
    edit({ names: { ...(draft?.names ?? {}), [lineId]: { ...(draft?.names[lineId] ?? {}), [field]: value } } });

  // 001 §5: the PO number's uniqueness, 500 ms after typing.
  const poTaken = usePurchaseOrderTaken(
    draft?.purchase_order_number,
    organisation?.force_po_uniqueness ?? false,
    quote.purchase_order_number,
  );

  /** 001 §5 "Quote accept" requires: a valid PO, every subscription name, shipping complete. */
  const complete =
    !!draft &&
    !!lines &&
    !poTaken &&
    (!organisation?.po_number_required || !blank(draft.purchase_order_number)) &&
    lines.every((line) =>
      requiredDetails(line.subscription_type).every(
        (field) => !(RECIPIENT_NAME_FIELDS as readonly string[]).includes(field) || !blank(draft.names[line.id]?.[field as NameField]),
      ),
    ) &&
    (!shippable ||
      (SHIPPING_ADDRESS_REQUIRED.every((field) => !blank(draft[field])) &&
        options.some((option) => option.rule.id === draft.shipping_type)));

  const namesBody = () =>
    Object.entries(draft?.names ?? {})
      .filter(([, names]) => Object.keys(names).length > 0)
      .map(([id, names]) => ({
        id: Number(id),
        ...Object.fromEntries(Object.entries(names).map(([field, value]) => [field, blank(value) ? null : value!.trim()])),
      }));

  const fail = (error: unknown, messageKey: MessageKey) => {
    const reason = error instanceof ApiProblem && error.code !== 'internal' ? (error.message_key as MessageKey) : undefined;
    alerts.push({
      type: messageKey,
      level: 'danger',
      messageKey,
      values: { name: quote.name },
      ...(reason && { detail: { messageKey: reason, values: { parameter: error instanceof ApiProblem ? (error.parameter ?? '') : '' } } }),
    });
  };

  const save = async () => {
    if (!draft || busy || !productsKnown) return;
    setBusy(true);
    try {
      const { names: _names, ...fields } = draft;
      const body = { ...fields, ...(shippable ? {} : { shipping_type: null }), line_items: namesBody() };
      await sendRequest('PUT', `/quotes/inward/${quote.id}`, { body, ifMatch: etag });
      alerts.push({ type: 'save_success', level: 'success', messageKey: 'save_success' });
      reload();
    } catch (error) {
      fail(error, 'quote_save_failure');
    } finally {
      setBusy(false);
    }
  };

  const cancel = () => {
    if (lines) setDraft(draftOf(quote, lines));
    setChanged(false);
  };

  const accept = async () => {
    if (!draft || busy) return;
    setBusy(true);
    try {
      const order = await unwrap(
        api.POST('/quotes/{id}/accept', {
          params: { path: { id: quote.id } },
          body: { id: quote.id, purchase_order_number: draft.purchase_order_number, line_items: namesBody(), revision: quote.revision },
          headers: { 'Idempotency-Key': acceptKey.current, ...(etag && { 'If-Match': etag }) },
        }),
      );
      alerts.push({ type: 'accept_quote_success', level: 'success', messageKey: 'accept_quote_success', values: { name: quote.name } });
      goTo('order', { id: order.id });
    } catch (error) {
      acceptKey.current = newKey();
      fail(error, 'accept_quote_failure');
      reload();
    } finally {
      setBusy(false);
    }
  };

  return {
    lines,
    products,
    productsKnown,
    draft,
    changed,
    busy,
    open,
    mayAccept,
    mayModify,
    shippable,
    options,
    shippingTypes,
    countries,
    addresses,
    poTaken,
    complete,
    edit,
    editName,
    save,
    cancel,
    accept,
  };
}

export type InwardQuoteState = ReturnType<typeof useInwardQuote>;
