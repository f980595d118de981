import { useEffect, useId, useState } from 'react';
import { failureAlert, successAlert } from '../../runtime/actions/actionRules';
import { ConfirmModal } from '../../runtime/actions/ConfirmModal';
import { useAlerts } from '../../runtime/alerts/useAlerts';
import { ApiProblem, fetchRecord, isAbortError } from '../../runtime/api/client';
import { sendRequest } from '../../runtime/api/send';
import { useT } from '../../runtime/i18n/useT';
import { guardPasses } from '../../runtime/session/guard';
import { useCurrentUser } from '../../runtime/session/useCurrentUser';
import { Modal } from '../../runtime/ui/Modal';
import type { Order } from './orderText';
import { matchesSoRegex } from '../../shared/orders/soRegex';

type Check = { state: 'empty' | 'invalid' | 'checking' | 'missing' } | { state: 'found'; name: string };

/** Checks a reference as it is typed (001 §5): so_regex first, then whether it exists, 500 ms after the last key. */
function useRefCheck(ref: string): Check {
  const [check, setCheck] = useState<Check>({ state: 'empty' });
  useEffect(() => {
    const value = ref.trim();
    if (value === '') return setCheck({ state: 'empty' });
    if (!matchesSoRegex(value)) return setCheck({ state: 'invalid' });
    setCheck({ state: 'checking' });
    const abort = new AbortController();
    const timer = setTimeout(() => {
      fetchRecord<{ name: string }>(`/lookup/supplier_ref/${encodeURIComponent(value)}`, abort.signal).then(
        (match) => setCheck({ state: 'found', name: match.name }),
        (error: unknown) => {
          if (!isAbortError(error)) setCheck({ state: 'missing' });
        },
      );
    }, 500);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [ref]);
  return check;
}

/**
 * The order's linked supplier references (001 §2), with add and remove for root users holding
 * order:modify on a SALES_ORDER that is not FAILED, CANCELLED or COMPLETE (001 §4, §6). Adding
 * opens a prompt whose Proceed waits until the reference matches so_regex and exists; removing
 * asks first. Each saves the whole list with PUT /orders/{id} and If-Match, then reloads.
 */
export function LinkedSupplierRefs({ order, etag, reload }: { order: Order; etag: string | null; reload: () => void }) {
  const t = useT();
  const { user } = useCurrentUser();
  const { push } = useAlerts();
  const inputId = useId();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const check = useRefCheck(adding ? typed : '');
  const refs = order.linked_supplier_refs.map((link) => link.supplier_ref);
  const editable =
    guardPasses(user, { root: true, permission: 'order:modify' }) &&
    order.order_type === 'SALES_ORDER' &&
    !['FAILED', 'CANCELLED', 'COMPLETE'].includes(order.status);

  const save = async (next: string[]) => {
    setBusy(true);
    try {
      await sendRequest('PUT', `/orders/${order.id}`, {
        body: { linked_supplier_refs: next.map((supplier_ref) => ({ supplier_ref })) },
        ifMatch: etag,
      });
      push(successAlert('order_refs', String(order.id), 'save_success', order));
    } catch (error) {
      const problem = error instanceof ApiProblem ? error : ApiProblem.fromBody(0, undefined);
      push(failureAlert('order_refs', String(order.id), 'orders.save_refs_failure', order, problem));
    } finally {
      setBusy(false);
      setAdding(false);
      setRemoving(null);
      setTyped('');
      reload();
    }
  };

  const hint =
    check.state === 'invalid'
      ? t('so_regex')
      : check.state === 'missing'
        ? t('so_ref_not_found')
        : check.state === 'checking'
          ? t('orders.checking')
          : check.state === 'found'
            ? t('orders.supplier_ref_found', { name: check.name })
            : '';
  return (
    <>
      {refs.length === 0 && !editable && <span className="record-view__empty">—</span>}
      {refs.length > 0 && (
        <ul className="order-refs" aria-label={t('orders.linked_supplier_refs')}>
          {refs.map((ref) => (
            <li key={ref}>
              {ref}
              {editable && (
                <button
                  type="button"
                  className="button button--link"
                  aria-label={t('orders.remove_supplier_ref', { ref })}
                  disabled={busy}
                  onClick={() => setRemoving(ref)}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <button type="button" className="button" disabled={busy} onClick={() => setAdding(true)}>
          {t('orders.add_supplier_ref')}
        </button>
      )}
      {adding && (
        <Modal
          open
          title={t('orders.link_supplier_ref')}
          closeLabel={t('alert.close')}
          onClose={() => !busy && setAdding(false)}
          footer={
            <>
              <span title={check.state === 'found' ? undefined : hint}>
                <button
                  type="button"
                  className="button button--primary"
                  disabled={busy || check.state !== 'found'}
                  onClick={() => void save([...refs, typed.trim()])}
                >
                  {t('confirm.proceed')}
                </button>
              </span>
              <button type="button" className="button" disabled={busy} onClick={() => setAdding(false)}>
                {t('confirm.cancel')}
              </button>
            </>
          }
        >
          <p>
            <label htmlFor={inputId}>{t('orders.new_supplier_ref')}</label>{' '}
            <input
              id={inputId}
              type="text"
              maxLength={100}
              value={typed}
              aria-invalid={check.state === 'invalid' || check.state === 'missing'}
              onChange={(event) => setTyped(event.target.value)}
            />
          </p>
          <p role="status">{hint}</p>
        </Modal>
      )}
      {removing !== null && (
        <ConfirmModal
          title={t('orders.remove_supplier_ref', { ref: removing })}
          confirm={{ text: 'confirm.remove_supplier_ref' }}
          values={{ ref: removing }}
          busy={busy}
          onConfirm={() => void save(refs.filter((ref) => ref !== removing))}
          onCancel={() => setRemoving(null)}
        />
      )}
    </>
  );
}
