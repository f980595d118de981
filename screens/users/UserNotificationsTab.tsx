import { useCallback, useEffect, useState } from 'react';
import { failureAlert, successAlert } from '../../runtime/actions/actionRules';
import { useAlerts } from '../../runtime/alerts/useAlerts';
import { ApiProblem, fetchList } from '../../runtime/api/client';
import { sendRequest } from '../../runtime/api/send';
import { useT } from '../../runtime/i18n/useT';
import { hasPermission } from '../../runtime/session/permissions';
import { useCurrentUser } from '../../runtime/session/useCurrentUser';
import type { TabSlotProps } from '../../runtime/slots/slotTypes';
import { Spinner } from '../../runtime/ui/Spinner';
import { differs, NOTIFICATION_TYPES, toggled, type NotificationType } from './userTabs';

/**
 * 002 §2.6 notifications tab: the eight types (000 §3) by their labels, ticked when subscribed;
 * Save sends the ticked ones (PUT /users/{id}/notifications). Another user's only (002 §6).
 */
export function UserNotificationsTab({ id, record }: TabSlotProps) {
  const t = useT();
  const { user } = useCurrentUser();
  const { push } = useAlerts();
  const [saved, setSaved] = useState<Set<NotificationType> | null>(null);
  const [edited, setEdited] = useState<Set<NotificationType>>(new Set());
  const [busy, setBusy] = useState(false);
  const own = user?.id === Number(id);

  const load = useCallback(async () => {
    const rows = await fetchList<{ type: NotificationType }>(`/users/${encodeURIComponent(id)}/notifications`, {});
    const types = new Set(rows.rows.map((row) => row.type));
    setSaved(types);
    setEdited(types);
  }, [id]);

  useEffect(() => {
    void load().catch(() => setSaved(new Set()));
  }, [load]);

  if (!saved) return <Spinner />;
  const editable = !own && hasPermission(user, 'user:modify');
  const changed = differs(saved, edited);
  const save = async () => {
    setBusy(true);
    try {
      await sendRequest('PUT', `/users/${encodeURIComponent(id)}/notifications`, { body: { types: [...edited] } });
      push(successAlert('user_notifications', id, 'user_notifications_updated_success', record));
      await load();
    } catch (error) {
      push(
        failureAlert(
          'user_notifications',
          id,
          'user_notifications_updated_failure',
          record,
          error instanceof ApiProblem ? error : ApiProblem.fromBody(0, undefined),
        ),
      );
    }
    setBusy(false);
  };
  return (
    <div className="user-notifications">
      {own && (
        <p className="alert alert--info" role="status">
          {t('problem.cannot_edit_own_notifications')}
        </p>
      )}
      <ul className="checklist">
        {NOTIFICATION_TYPES.map((type) => (
          <li key={type}>
            <label>
              <input
                type="checkbox"
                checked={edited.has(type)}
                disabled={!editable || busy}
                onChange={(event) => setEdited(toggled(edited, type, event.target.checked))}
              />
              {t(`notification_type.${type}`)}
            </label>
          </li>
        ))}
      </ul>
      {editable && (
        <div className="form-view__actions">
          <button type="button" className="button button--primary" disabled={!changed || busy} onClick={() => void save()}>
            {t('form.save')}
          </button>
          <button type="button" className="button" disabled={!changed || busy} onClick={() => setEdited(saved)}>
            {t('form.cancel')}
          </button>
        </div>
      )}
    </div>
  );
}
