import Decimal from 'decimal.js';
import { useCallback, useState } from 'react';
import { useAlerts } from '../../runtime/alerts/useAlerts';
import { ApiProblem } from '../../runtime/api/problem';
import { sendRequest } from '../../runtime/api/send';
import { formatDateTime } from '../../runtime/format/dates';
import type { MessageKey } from '../../runtime/generated/messages';
import { useT } from '../../runtime/i18n/useT';
import { useRouteNavigate } from '../../runtime/routing/useRouteNavigate';
import { useCurrentUser } from '../../runtime/session/useCurrentUser';
import { createBody, emptyDraft, type BasketDraft } from './basketDraft';
import { useBasketLookups, useDovetail, type BasketEditor } from './useBasketEditor';

/**
 * The new-basket page's state (000 §2.8 basket_new: "same table; on save goes to the new
 * basket's screen"): the basket page's editor over a draft that exists only in the browser until
 * Save creates it (POST /baskets, the caller's own organisation). Its name starts as "New basket"
 * and the date and time in the user's timezone (000 §5). A new basket has no lines: it is worth
 * saving untouched (its name), but there is nothing to check out or delete.
 */
export function useNewBasketEditor(withDovetail = false): BasketEditor {
  const t = useT();
  const alerts = useAlerts();
  const goTo = useRouteNavigate();
  const { user } = useCurrentUser();
  const [initial] = useState(() =>
    emptyDraft(t('baskets.new_name', { now: formatDateTime(new Date().toISOString(), user?.timezone ?? undefined) })),
  );
  const [draft, setDraft] = useState<BasketDraft>(initial);
  const [changed, setChanged] = useState(false);
  const [busy, setBusy] = useState(false);
  const lookups = useBasketLookups(null, '/basket_addresses');
  const dovetail = useDovetail(withDovetail);

  const edit = useCallback((change: (current: BasketDraft) => BasketDraft) => {
    setDraft((current) => change(current));
    setChanged(true);
  }, []);

  const save = useCallback(async () => {
    if (busy) return;
    setBusy(true);
    try {
      const created = await sendRequest('POST', '/baskets', { body: createBody(draft) });
      alerts.push({ type: 'save_success', level: 'success', messageKey: 'save_success' });
      goTo('basket', { id: (created.body as { id: number }).id });
    } catch (error) {
      const reason = error instanceof ApiProblem ? (error.message_key as MessageKey) : undefined;
      alerts.push({
        type: 'basket_save_failed',
        level: 'danger',
        messageKey: 'basket_save_failed',
        ...(reason && {
          detail: { messageKey: reason, values: { parameter: error instanceof ApiProblem ? (error.parameter ?? '') : '' } },
        }),
      });
      setBusy(false);
    }
  }, [busy, draft, alerts, goTo]);

  const cancel = useCallback(() => {
    setDraft(initial);
    setChanged(false);
  }, [initial]);

  return {
    status: 'loaded',
    basket: null,
    draft,
    edit,
    changed,
    checks: { canSave: true, canCheckout: false, subtotal: new Decimal(0) },
    ...lookups,
    dovetail,
    busy,
    refusal: null,
    save,
    cancel,
    remove: () => Promise.resolve(),
  };
}
