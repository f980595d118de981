import { useCallback, useEffect, useMemo, useState } from 'react';
import { priceLine, toMoneyString } from '../../shared/pricing';
import { fetchList, isAbortError } from '../../runtime/api/client';
import { ApiProblem } from '../../runtime/api/problem';
import { sendRequest } from '../../runtime/api/send';
import { useAlerts } from '../../runtime/alerts/useAlerts';
import type { AlertAction } from '../../runtime/alerts/alertTypes';
import { formatDateTime } from '../../runtime/format/dates';
import type { MessageKey } from '../../runtime/generated/messages';
import { useT } from '../../runtime/i18n/useT';
import { hasPermission } from '../../runtime/session/permissions';
import { useCurrentUser } from '../../runtime/session/useCurrentUser';
import type { Product } from '../product/productTypes';
import { basketLabel, newBasketName, proceedBlock, type BasketChoice, type BasketPick, type ProceedBlock } from './addToBasketRules';
import type { PriceBoxState } from './usePriceBoxState';

export interface AddToBasketController {
  open: boolean;
  show: () => void;
  close: () => void;
  baskets: BasketChoice[] | null;
  pick: BasketPick;
  setPick: (pick: BasketPick) => void;
  maintenanceId: number | null;
  setMaintenanceId: (id: number | null) => void;
  provisioningId: number | null;
  setProvisioningId: (id: number | null) => void;
  newName: string;
  setNewName: (name: string) => void;
  defaultName: string;
  /** The line's subtotal excluding tax and shipping, as the server will compute it (shared/pricing). */
  subtotal: string | null;
  block: ProceedBlock | null;
  sending: boolean;
  proceed: () => Promise<void>;
}

interface BasketRow {
  id: number;
  name: string | null;
}

/**
 * The add-to-basket dialog's state and its one write (000 §2.4, §5, §7, §8): the open baskets are
 * loaded when it opens; Proceed adds the line to the chosen basket (POST /baskets/{id}/line_items)
 * or creates the new basket with it (POST /baskets with line_items, one transaction). Success
 * closes the dialog, resets its choices and the quantity, and raises add_to_basket with "view
 * basket" (order:view_draft) and "checkout now" (order:checkout); failure clears every alert and
 * raises add_to_basket_failed with the server's reason.
 */
export function useAddToBasket(product: Product, state: PriceBoxState): AddToBasketController {
  const t = useT();
  const alerts = useAlerts();
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [baskets, setBaskets] = useState<BasketChoice[] | null>(null);
  const [pick, setPick] = useState<BasketPick>({ kind: 'none' });
  const [maintenanceId, setMaintenanceId] = useState<number | null>(null);
  const [provisioningId, setProvisioningId] = useState<number | null>(null);
  const [newName, setNewName] = useState('');
  const [sending, setSending] = useState(false);
  const [openedAt, setOpenedAt] = useState(() => new Date());

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    fetchList<BasketRow>('/baskets', { per_page: 96, sort_by: '-created_at' }, controller.signal)
      .then((page) => {
        setBaskets(page.rows.map((row) => ({ id: row.id, name: row.name })));
        // With no open basket the only choice is a new one.
        if (page.rows.length === 0) setPick({ kind: 'new' });
      })
      .catch((error: unknown) => {
        if (!isAbortError(error)) setBaskets([]);
      });
    return () => controller.abort();
  }, [open]);

  const defaultName = t('baskets.new_name', { now: formatDateTime(openedAt.toISOString(), user?.timezone ?? undefined) });
  const finalName = newBasketName(newName, defaultName);
  const subtotal = useMemo(() => {
    const line = priceLine(product, {
      quantity: state.quantity,
      ratePlanId: state.selectedPlan?.id ?? null,
      maintenanceId,
      provisioningId,
    });
    return line.problems.some((problem) => problem.code !== 'maintenance_required') ? null : toMoneyString(line.net);
  }, [product, state.quantity, state.selectedPlan, maintenanceId, provisioningId]);
  const block = proceedBlock({
    pick,
    maintenanceOffered: product.maintenance.length > 0,
    maintenanceId,
    newName: finalName,
    baskets: baskets ?? [],
  });

  const reset = useCallback(() => {
    setOpen(false);
    setPick({ kind: 'none' });
    setMaintenanceId(null);
    setProvisioningId(null);
    setNewName('');
    setBaskets(null);
  }, []);

  const proceed = useCallback(async () => {
    if (block !== null || sending) return;
    setSending(true);
    const line = {
      product: product.id,
      quantity: state.quantity,
      selected_rate_plan: state.selectedPlan?.id ?? null,
      maintenance_product: maintenanceId,
      prov_product: provisioningId,
    };
    try {
      let basket: BasketRow;
      if (pick.kind === 'existing') {
        await sendRequest('POST', `/baskets/${pick.id}/line_items`, { body: line });
        basket = baskets?.find((candidate) => candidate.id === pick.id) ?? { id: pick.id, name: null };
      } else {
        basket = (await sendRequest('POST', '/baskets', { body: { name: finalName, line_items: [line] } })).body as BasketRow;
      }
      const actions: AlertAction[] = [];
      if (hasPermission(user, 'order:view_draft'))
        actions.push({ labelKey: 'alert.view_basket', route: 'basket', params: { id: basket.id } });
      if (hasPermission(user, 'order:checkout'))
        actions.push({ labelKey: 'alert.checkout_now', route: 'basket_checkout', params: { id: basket.id } });
      alerts.push({ type: 'add_to_basket', level: 'success', messageKey: 'add_to_basket', values: { name: basketLabel(basket) }, actions });
      reset();
      state.resetQuantity();
    } catch (error) {
      alerts.clear();
      const reason = error instanceof ApiProblem ? (error.message_key as MessageKey) : undefined;
      alerts.push({
        type: 'add_to_basket_fail',
        level: 'danger',
        messageKey: 'add_to_basket_failed',
        ...(reason && {
          detail: { messageKey: reason, values: { parameter: error instanceof ApiProblem ? (error.parameter ?? '') : '' } },
        }),
      });
    } finally {
      setSending(false);
    }
  }, [block, sending, product.id, state, maintenanceId, provisioningId, pick, baskets, finalName, user, alerts, reset]);

  return {
    open,
    show: () => {
      setOpenedAt(new Date());
      setOpen(true);
    },
    close: reset,
    baskets,
    pick,
    setPick,
    maintenanceId,
    setMaintenanceId,
    provisioningId,
    setProvisioningId,
    newName,
    setNewName,
    defaultName,
    subtotal,
    block,
    sending,
    proceed,
  };
}
