import { useState } from 'react';
import { ApiProblem } from '../../runtime/api/problem';
import { sendRequest } from '../../runtime/api/send';
import { useAlerts } from '../../runtime/alerts/useAlerts';
import { isMessageKey } from '../../runtime/i18n/i18n';
import { useT } from '../../runtime/i18n/useT';
import type { MessageKey } from '../../runtime/generated/messages';
import type { ActionSlotProps } from '../../runtime/slots/slotTypes';
import { Modal } from '../../runtime/ui/Modal';

const todayUtc = () => new Date().toISOString().slice(0, 10);

interface DateActionProps extends ActionSlotProps {
  label: MessageKey;
  dateLabel: MessageKey;
  /** The earliest date allowed, and the message when the date is before it (001 §5). */
  min: string | null;
  tooEarly: MessageKey;
  path: string;
  field: string;
  success: MessageKey;
  failure: MessageKey;
}

/**
 * An action needing a date (001 §2 modals "service activation date picker" and "change activation
 * date picker"): Proceed stays disabled while the date is empty or before its minimum (001 §5); the
 * write carries the record's ETag, then the page reloads with the action's success alert, or its
 * failure alert with the server's reason.
 */
function DateAction({ values, recordId, etag, reload, label, dateLabel, min, tooEarly, path, field, success, failure }: DateActionProps) {
  const t = useT();
  const { push } = useAlerts();
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState('');
  const [busy, setBusy] = useState(false);
  const invalid = date === '' || !/^\d{4}-\d{2}-\d{2}$/.test(date) || (min !== null && date < min);
  const name = String(values['name'] ?? recordId ?? '');

  const proceed = async () => {
    setBusy(true);
    try {
      await sendRequest('POST', path, { body: { [field]: date }, ...(etag && { ifMatch: etag }) });
      push({ type: 'subscription_action', key: field, level: 'success', messageKey: success, values: { name } });
      setOpen(false);
      reload();
    } catch (error) {
      const reason = error instanceof ApiProblem ? error.message_key : undefined;
      push({
        type: 'subscription_action',
        key: field,
        level: 'danger',
        messageKey: failure,
        values: { name },
        ...(reason && isMessageKey(reason) && reason !== 'problem.internal' && { detail: { messageKey: reason } }),
      });
      if (error instanceof ApiProblem && (error.status === 412 || error.status === 409)) {
        setOpen(false);
        reload();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="button action-bar__button" onClick={() => setOpen(true)}>
        {t(label)}
      </button>
      <Modal
        open={open}
        title={t(label)}
        onClose={() => !busy && setOpen(false)}
        closeLabel={t('alert.close')}
        footer={
          <>
            <button
              type="button"
              className="button"
              disabled={invalid || busy}
              aria-busy={busy}
              title={date !== '' && invalid ? t(tooEarly) : undefined}
              onClick={() => void proceed()}
            >
              {t('subscriptions.proceed')}
            </button>
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => setOpen(false)}>
              {t('subscriptions.go_back')}
            </button>
          </>
        }
      >
        <label className="subscription-date">
          {t(dateLabel)}
          <input
            type="date"
            value={date}
            min={min ?? undefined}
            onChange={(event) => setDate(event.target.value)}
            aria-invalid={date !== '' && invalid}
          />
        </label>
        {date !== '' && invalid && <p className="field-error">{t(tooEarly)}</p>}
      </Modal>
    </>
  );
}

/** Activate (001 §4): PENDING → ACTIVE from a service activation date not before the start date. */
export function ActivateSubscription(props: ActionSlotProps) {
  const start = props.values['start_date'];
  return (
    <DateAction
      {...props}
      label="subscriptions.activate"
      dateLabel="subscriptions.service_activation_date"
      min={typeof start === 'string' ? start : null}
      tooEarly="problem.service_activation_before_start"
      path={`/subscriptions/${String(props.recordId)}/activate`}
      field="service_activation_date"
      success="activate_subscription_success"
      failure="activate_subscription_failure"
    />
  );
}

/** Activate change (001 §4): the pending change takes effect on a date not before today. */
export function ActivateChanges(props: ActionSlotProps) {
  return (
    <DateAction
      {...props}
      label="subscriptions.activate_changes"
      dateLabel="subscriptions.change_activation_date"
      min={todayUtc()}
      tooEarly="problem.change_activation_before_today"
      path={`/subscriptions/${String(props.recordId)}/activate_changes`}
      field="activation_date"
      success="activate_changes_success"
      failure="activate_changes_failure"
    />
  );
}
