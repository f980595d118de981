import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAlerts } from '../../runtime/alerts/useAlerts';
import { api, ApiProblem, isAbortError, unwrap } from '../../runtime/api/client';
import { RECHECK_MS, usePurchaseOrderTaken } from './usePurchaseOrderTaken';
import type { MessageKey } from '../../runtime/generated/messages';
import { hasPermission } from '../../runtime/session/permissions';
import { useCurrentUser } from '../../runtime/session/useCurrentUser';
import { financeOffered, financeRefusal, type FinanceDetails } from '../../shared/pricing/finance';
import { lineRefusalOf, standingRefusal, type LineRefusal } from '../baskets/lineRefusal';
import {
  basketShippable,
  detailProblemsOf,
  draftOf,
  financeLines,
  inputOf,
  loadCheckout,
  optionsFor,
  pricedRows,
  subtotalOf,
  type CheckoutData,
  type CheckoutLine,
  type Draft,
} from './checkoutData';
import { detailsComplete, financeDetailsComplete, shippingComplete } from './completeness';
import type { Flow, Progress, Step } from './wizardSteps';
import type { DetailProblem } from '../../shared/baskets/lineDetails';

/** 000 §9: the PO uniqueness check and the shipping re-check wait this long after the last change. */

/** Changes that clear an approved finance application (000 §4). */
const clearsApproval = (change: Partial<Draft>) => Object.keys(change).some((field) => /^(finance_|shipping_)|^payment_type$/.test(field));

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

export type WizardModal = 'approved' | 'declined' | 'placed' | null;

/** The wizard's state and actions; the component only renders them. */
export function useCheckoutWizard(basketId: number) {
  const { user } = useCurrentUser();
  const { push } = useAlerts();
  const [data, setData] = useState<CheckoutData | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [changed, setChanged] = useState(false);
  const [step, setStep] = useState<Step>('details');
  const [approved, setApproved] = useState(false);
  const [refusal, setRefusal] = useState<MessageKey | null>(null);
  const [busy, setBusy] = useState(false);
  const [modal, setModal] = useState<WizardModal>(null);
  const [placedId, setPlacedId] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [lineRefusal, setLineRefusal] = useState<LineRefusal | null>(null);
  const organisation = user?.organisation ?? null;
  // 000 §6: the wizard needs order:checkout; changing the basket's lines (and Save for later, a
  // save of the basket) needs order:modify_draft as well.
  const linesEditable = hasPermission(user, 'order:modify_draft');
  const placeKey = useRef(newKey());
  // Counts the user's edits, so that a read started before one does not undo it.
  const edits = useRef(0);

  const load = useCallback(
    (signal: AbortSignal) => {
      if (!organisation) return;
      const editsBefore = edits.current;
      loadCheckout(basketId, signal)
        .then((loaded) => {
          setData(loaded);
          setLineRefusal(null);
          if (edits.current !== editsBefore) {
            // The user changed something while the basket was read (Proceed after a declined
            // application picks account payment): their draft stands, less the lines the server dropped.
            setDraft((current) =>
              current
                ? { ...current, lines: current.lines.filter((line) => loaded.lines.some((stored) => stored.id === line.id)) }
                : draftOf(loaded),
            );
            return;
          }
          setDraft(draftOf(loaded));
          setChanged(false);
          // 000 §4: a basket that already has approved finance is treated as approved on load.
          setApproved(loaded.basket.finance_approved);
        })
        .catch((error: unknown) => {
          if (!isAbortError(error)) setFailed(true);
        });
    },
    [basketId, organisation],
  );
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);
  /**
   * After a write that saved the basket as sent (Save for later, Apply for finance) the wizard
   * reads it again: lines set to 0 are gone from the server, and a later Place order must not
   * name them.
   */
  const reading = useRef<AbortController | null>(null);
  const reload = useCallback(() => {
    reading.current?.abort();
    reading.current = new AbortController();
    load(reading.current.signal);
  }, [load]);

  const rows = useMemo(() => (data && draft ? pricedRows(data, draft) : []), [data, draft]);
  const shippable = basketShippable(rows);
  const options = useMemo(() => (data && draft ? optionsFor(data, draft, rows) : []), [data, draft, rows]);
  const chosen = options.find((option) => option.rule.id === draft?.shipping_type) ?? null;
  const shipping = shippable && chosen ? chosen.cost : '0.00';
  const flow: Flow = { shippable, finance: organisation?.finance_type != null };
  const financeable =
    !!user &&
    financeOffered({ root: user.root, currency: organisation?.currency ?? null }, organisation?.finance_type ?? null) &&
    rows.some((row) => row.product.is_financeable);
  // The line-detail rules as typed, and the server's last refusal while its field keeps the refused value.
  const detailProblems = useMemo(() => {
    const problems = data && draft ? detailProblemsOf(data, draft) : new Map<number, DetailProblem>();
    const line = lineRefusal && draft?.lines.find((candidate) => candidate.id === lineRefusal.lineId);
    const refused = line ? standingRefusal(lineRefusal, line.id, (field) => String(line[field as keyof CheckoutLine] ?? '')) : undefined;
    if (line && refused && !problems.has(line.id)) problems.set(line.id, refused);
    return problems;
  }, [data, draft, lineRefusal]);
  // 000 §5: the PO number's uniqueness, 500 ms after typing and on load.
  const poTaken = usePurchaseOrderTaken(draft?.purchase_order_number, organisation?.force_po_uniqueness ?? false);
  const progress: Progress = {
    details:
      !!draft && detailsComplete(draft, rows, { required: organisation?.po_number_required ?? false, taken: poTaken }, detailProblems.size),
    shipping:
      !!draft &&
      shippingComplete(
        draft,
        shippable,
        options.map((option) => option.rule.id),
      ),
    payment: !!draft && (draft.payment_type === 'ON_ACCOUNT' || approved),
  };

  const change = useCallback((update: Partial<Draft>) => {
    edits.current += 1;
    setDraft((current) => (current ? { ...current, ...update } : current));
    setChanged(true);
    setRefusal(null);
    if (clearsApproval(update)) setApproved(false);
  }, []);
  const changeLine = useCallback((id: number, update: Partial<CheckoutLine>) => {
    edits.current += 1;
    setDraft((current) =>
      current ? { ...current, lines: current.lines.map((line) => (line.id === id ? { ...line, ...update } : line)) } : current,
    );
    setChanged(true);
    if ('quantity' in update) setApproved(false);
  }, []);

  // 000 §4: no financeable line forces account payment.
  useEffect(() => {
    if (draft && data && !financeable && draft.payment_type === 'FINANCE') change({ payment_type: 'ON_ACCOUNT' });
  }, [draft, data, financeable, change]);

  // 000 §4: 500 ms after a country change the shipping type is cleared if it is no longer offered.
  const country = draft?.shipping_country_code ?? null;
  const offeredIds = options.map((option) => option.rule.id).join(',');
  useEffect(() => {
    const timer = setTimeout(() => {
      setDraft((current) =>
        current && current.shipping_type !== null && !offeredIds.split(',').includes(String(current.shipping_type))
          ? { ...current, shipping_type: null }
          : current,
      );
    }, RECHECK_MS);
    return () => clearTimeout(timer);
  }, [country, offeredIds]);

  const fail = (error: unknown, fallback: MessageKey) => {
    const key = error instanceof ApiProblem && error.code !== 'internal' ? (error.message_key as MessageKey) : fallback;
    push({ type: 'checkout', level: 'danger', messageKey: key, autoClearMs: null });
  };
  /**
   * A refusal of one line's details (a team the organisation has: only the server knows them) is
   * shown by that field on the Details tab, which the wizard goes back to (000 §5).
   */
  const refuseLine = (error: unknown, sent: readonly CheckoutLine[]) => {
    const refusal = lineRefusalOf(
      error,
      sent.map((line) => line.id),
      (id, field) => String(sent.find((line) => line.id === id)?.[field as keyof CheckoutLine] ?? ''),
    );
    setLineRefusal(refusal);
    if (refusal) setStep('details');
  };

  const apply = async () => {
    if (!draft) return;
    const reason = !financeDetailsComplete(draft)
      ? 'checkout_complete_required_fields'
      : financeRefusal(financeLines(rows), draft as unknown as FinanceDetails);
    if (reason) return setRefusal(reason);
    setBusy(true);
    try {
      const result = await unwrap(
        api.POST('/baskets/{id}/finance', {
          params: { path: { id: basketId } },
          body: inputOf(draft, linesEditable),
          headers: { 'Idempotency-Key': newKey() },
        }),
      );
      setChanged(false);
      setApproved(result.success);
      setModal(result.success ? 'approved' : 'declined');
      reload();
    } catch (error) {
      // The server's eligibility refusal (000 §5), by its catalogue key: problem.<code>.
      if (error instanceof ApiProblem && error.status === 422) setRefusal(error.message_key as MessageKey);
      else fail(error, 'error_applying_for_finance');
    } finally {
      setBusy(false);
    }
  };

  const place = async () => {
    if (!draft) return;
    // A read still running (after Apply for finance) would find the basket gone once the order is
    // placed and show notFound over the order's confirmation: the order's answer supersedes it.
    reading.current?.abort();
    setBusy(true);
    try {
      const order = await unwrap(
        api.POST('/baskets/{id}/checkout', {
          params: { path: { id: basketId } },
          body: inputOf(draft, linesEditable),
          headers: { 'Idempotency-Key': placeKey.current },
        }),
      );
      setPlacedId(order.id);
      setModal('placed');
    } catch (error) {
      placeKey.current = newKey();
      fail(error, 'problem.internal' as MessageKey);
      refuseLine(error, draft.lines);
    } finally {
      setBusy(false);
    }
  };

  /**
   * 000 §4 Save for later: the whole basket through PUT /baskets/{id} (zero-quantity lines dropped,
   * empty Dropbox/Acronis pairs cleared by the server), the address none when it does not ship.
   */
  const saveForLater = async () => {
    if (!draft || !data) return;
    const address = shippable
      ? {}
      : {
          shipping_company_name: null,
          shipping_recipient_name: null,
          shipping_addr_line_1: null,
          shipping_addr_line_2: null,
          shipping_city: null,
          shipping_region: null,
          shipping_postal_code: null,
          shipping_country_code: null,
        };
    const { lines, ...fields } = draft;
    const lineItems = lines.map((line) => {
      const stored = data.lines.find((candidate) => candidate.id === line.id)!;
      return {
        ...line,
        product: stored.product,
        quantity: line.quantity ?? stored.quantity,
        selected_rate_plan: stored.selected_rate_plan,
        maintenance_product: stored.maintenance_product,
        prov_product: stored.prov_product,
        prov_organisation: stored.prov_organisation,
        prov_group: stored.prov_group,
        prov_site: stored.prov_site,
        markup: line.markup !== undefined ? line.markup : stored.markup,
      };
    });
    setBusy(true);
    try {
      await unwrap(
        api.PUT('/baskets/{id}', { params: { path: { id: basketId } }, body: { ...fields, ...address, line_items: lineItems } }),
      );
      setChanged(false);
      push({ type: 'save_success', level: 'success', messageKey: 'save_success' });
      reload();
    } catch (error) {
      fail(error, 'problem.internal' as MessageKey);
      refuseLine(error, lines);
    } finally {
      setBusy(false);
    }
  };

  return {
    user,
    organisation,
    linesEditable,
    data,
    draft,
    rows,
    shippable,
    options,
    chosen,
    shipping,
    flow,
    financeable,
    progress,
    step,
    setStep,
    changed,
    poTaken,
    approved,
    refusal,
    detailProblems,
    busy,
    modal,
    setModal,
    placedId,
    failed,
    subtotal: subtotalOf(rows).toFixed(2),
    change,
    changeLine,
    apply,
    place,
    saveForLater,
  };
}
