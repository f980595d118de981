import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fetchList, fetchRecord, isAbortError } from '../../runtime/api/client';
import { ApiProblem } from '../../runtime/api/problem';
import { sendRequest } from '../../runtime/api/send';
import { useAlerts } from '../../runtime/alerts/useAlerts';
import type { MessageKey } from '../../runtime/generated/messages';
import { useChildRows } from '../../runtime/record/useChildRows';
import { useRecord } from '../../runtime/record/useRecord';
import { useCurrentUser } from '../../runtime/session/useCurrentUser';
import { useRouteNavigate } from '../../runtime/routing/useRouteNavigate';
import type { Product } from '../product/productTypes';
import {
  checkDraft,
  draftOf,
  saveBody,
  type Basket,
  type BasketDraft,
  type BasketLine,
  type DraftChecks,
  type DovetailChoice,
  type LineDetailField,
  type SavedAddress,
  type ShippingTypeOption,
} from './basketDraft';
import type { CountryChoice } from './countryOptions';
import { lineRefusalOf, type LineRefusal } from './lineRefusal';

export interface BasketEditor {
  status: 'loading' | 'loaded' | 'failed';
  basket: Basket | null;
  draft: BasketDraft | null;
  /** The draft after an edit: sets the changed flag (000 §4). */
  edit: (change: (draft: BasketDraft) => BasketDraft) => void;
  changed: boolean;
  checks: DraftChecks | null;
  products: ReadonlyMap<number, Product>;
  shippingTypes: readonly ShippingTypeOption[];
  countries: readonly CountryChoice[];
  addresses: readonly SavedAddress[];
  /** The organisation's existing Dropbox teams, lower-cased: a new team of one of these names clashes as typed (000 §5). */
  teamNames: ReadonlySet<string>;
  /** Dovetail provisioning choices, loaded only for a DOVETAIL organisation (000 §6). */
  dovetail: { organisations: readonly DovetailChoice[]; groups: readonly DovetailChoice[]; sites: readonly DovetailChoice[] } | null;
  busy: boolean;
  /** The server's last refusal of a line's details, shown by its field (000 §5 team_name_exists…). */
  refusal: LineRefusal | null;
  save: (then?: 'checkout') => Promise<void>;
  cancel: () => void;
  remove: () => Promise<void>;
}

/** Loads what the basket page shows; each list failing on its own yields nothing (000 §7). */
export function useDovetail(enabled: boolean) {
  const [dovetail, setDovetail] = useState<BasketEditor['dovetail']>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    const list = (path: string) =>
      fetchList<DovetailChoice>(path, { per_page: 1000 }, controller.signal).then(
        (page) => page.rows,
        () => [],
      );
    void Promise.all([list('/organisations/picker'), list('/groups'), list('/sites')]).then(([organisations, groups, sites]) => {
      if (!controller.signal.aborted) setDovetail({ organisations, groups, sites });
    });
    return () => controller.abort();
  }, [enabled]);
  return dovetail;
}

/**
 * The products of the lines (to price them), the shipping types, the countries, the organisation's
 * Dropbox teams, and the saved addresses at `addressesPath`. `pricedFor`: another organisation of
 * the caller's tree whose prices the lines are shown at (root reading a customer's basket, 000 §2.8).
 */
export function useBasketLookups(lines: readonly { product: number }[] | null, addressesPath: string | null, pricedFor?: number) {
  const [products, setProducts] = useState<ReadonlyMap<number, Product>>(new Map());
  const [shippingTypes, setShippingTypes] = useState<readonly ShippingTypeOption[]>([]);
  const [countries, setCountries] = useState<readonly CountryChoice[]>([]);
  const [addresses, setAddresses] = useState<readonly SavedAddress[]>([]);
  const [teamNames, setTeamNames] = useState<ReadonlySet<string>>(new Set());
  const productIds = useMemo(() => [...new Set((lines ?? []).map((line) => line.product))].sort((a, b) => a - b).join(','), [lines]);
  useEffect(() => {
    const controller = new AbortController();
    const ids = productIds === '' ? [] : productIds.split(',').map(Number);
    // A product no longer in the store answers 404: its line is shown, not priced.
    const query = pricedFor === undefined ? '' : `?organisation=${pricedFor}`;
    void Promise.all(ids.map((id) => fetchRecord<Product>(`/products/${id}${query}`, controller.signal).catch(() => null))).then(
      (found) => {
        if (!controller.signal.aborted) setProducts(new Map(found.flatMap((product) => (product ? [[product.id, product] as const] : []))));
      },
    );
    return () => controller.abort();
  }, [productIds, pricedFor]);
  useEffect(() => {
    const controller = new AbortController();
    fetchList<ShippingTypeOption>('/shipping_types', {}, controller.signal).then(
      (page) => setShippingTypes(page.rows),
      () => undefined,
    );
    fetchList<CountryChoice>('/country_codes', {}, controller.signal).then(
      (page) => setCountries(page.rows),
      () => undefined,
    );
    // Without them the clash is still refused on save; the list only lets it show as typed.
    fetchRecord<{ names: string[] }>('/basket_team_names', controller.signal).then(
      (found) => setTeamNames(new Set(found.names)),
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  useEffect(() => {
    if (addressesPath === null) return undefined;
    const controller = new AbortController();
    fetchList<SavedAddress>(addressesPath, {}, controller.signal).then(
      (page) => setAddresses(page.rows),
      (error: unknown) => {
        if (!isAbortError(error)) setAddresses([]);
      },
    );
    return () => controller.abort();
  }, [addressesPath]);
  return { products, shippingTypes, countries, addresses, teamNames };
}

/**
 * The basket page's state (000 §2.8, §4): the record and its lines loaded by the runtime's hooks,
 * a draft edited in place (any edit sets changed; save, cancel or load clears it), and the one
 * write — PUT /baskets/{id} with If-Match, the whole basket — then save_success for 2 seconds.
 */
export function useBasketEditor(id: string | undefined, withDovetail = false): BasketEditor {
  const alerts = useAlerts();
  const goTo = useRouteNavigate();
  const record = useRecord('/baskets/{id}', id);
  const lineRows = useChildRows('/baskets/{id}/line_items', id ?? '0', undefined);
  const basket = record.status === 'loaded' ? (record.record as Basket) : null;
  const lines = lineRows.status === 'loaded' ? (lineRows.rows as unknown as BasketLine[]) : null;
  const { user } = useCurrentUser();
  const basketOrganisation = basket?.organisation?.id;
  const pricedFor = basketOrganisation !== undefined && basketOrganisation !== user?.organisation?.id ? basketOrganisation : undefined;
  const lookups = useBasketLookups(lines, basket ? `/baskets/${basket.id}/addresses` : null, pricedFor);
  const dovetail = useDovetail(withDovetail);
  const [draft, setDraft] = useState<BasketDraft | null>(null);
  const [changed, setChanged] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<LineRefusal | null>(null);

  // A (re)load replaces the draft with what the server holds now, once: after a reload (Save,
  // Cancel) only when both the basket and its lines are back, so an edit made while the second is
  // on its way is not overwritten by it.
  const awaiting = useRef({ basket: false, lines: false });
  const shown = useRef<{ basket: Basket | null; lines: BasketLine[] | null }>({ basket: null, lines: null });
  useEffect(() => {
    if (basket !== shown.current.basket) awaiting.current.basket = false;
    if (lines !== shown.current.lines) awaiting.current.lines = false;
    shown.current = { basket, lines };
    if (basket && lines && !awaiting.current.basket && !awaiting.current.lines) {
      setDraft(draftOf(basket, lines));
      setChanged(false);
      setRefusal(null);
    }
  }, [basket, lines]);

  // An edit that changes nothing (the country check finding the method still offered) leaves the
  // basket unchanged: Save stays disabled after a save that landed meanwhile.
  const edit = useCallback((change: (current: BasketDraft) => BasketDraft) => {
    setDraft((current) => {
      if (!current) return current;
      const next = change(current);
      if (next !== current) setChanged(true);
      return next;
    });
  }, []);

  const reloadAll = useCallback(() => {
    awaiting.current = { basket: true, lines: true };
    record.reload();
    lineRows.reload();
  }, [record, lineRows]);

  const fail = useCallback(
    (error: unknown, messageKey: MessageKey) => {
      const reason = error instanceof ApiProblem ? (error.message_key as MessageKey) : undefined;
      alerts.push({
        type: messageKey,
        level: 'danger',
        messageKey,
        ...(reason && {
          detail: { messageKey: reason, values: { parameter: error instanceof ApiProblem ? (error.parameter ?? '') : '' } },
        }),
      });
    },
    [alerts],
  );

  const save = useCallback(
    async (then?: 'checkout') => {
      if (!draft || !id || busy) return;
      setBusy(true);
      try {
        if (changed) {
          await sendRequest('PUT', `/baskets/${id}`, { body: saveBody(draft), ifMatch: record.status === 'loaded' ? record.etag : null });
          alerts.push({ type: 'save_success', level: 'success', messageKey: 'save_success' });
          reloadAll();
        }
        if (then === 'checkout') goTo('basket_checkout', { id });
      } catch (error) {
        fail(error, 'basket_save_failed');
        const valueOf = (lineId: number, field: string) =>
          draft.lines.find((line) => line.id === lineId)?.details[field as LineDetailField] ?? '';
        setRefusal(
          lineRefusalOf(
            error,
            draft.lines.map((line) => line.id),
            valueOf,
          ),
        );
      } finally {
        setBusy(false);
      }
    },
    [draft, id, busy, changed, record, alerts, reloadAll, goTo, fail],
  );

  const remove = useCallback(async () => {
    if (!id || !basket) return;
    setBusy(true);
    try {
      await sendRequest('DELETE', `/baskets/${id}`);
      alerts.push({
        type: 'basket_deleted_success',
        level: 'success',
        messageKey: 'basket_deleted_success',
        values: { name: basket.name ?? String(basket.id) },
      });
      goTo('baskets');
    } catch (error) {
      fail(error, 'basket_delete_failure');
      setBusy(false);
    }
  }, [id, basket, alerts, goTo, fail]);

  const status = record.status === 'failed' || lineRows.status === 'failed' ? 'failed' : basket && lines && draft ? 'loaded' : 'loading';
  return {
    status,
    basket,
    draft,
    edit,
    changed,
    checks: draft ? checkDraft(draft, lookups.products, changed, lookups.teamNames) : null,
    ...lookups,
    dovetail,
    busy,
    refusal,
    save,
    cancel: reloadAll,
    remove,
  };
}
