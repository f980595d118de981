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
import { differs, toggled } from './userTabs';

interface RoleRow {
  id: number;
  name: string;
  template: boolean;
  organisation: { id: number } | null;
}

/**
 * 002 §2.6 roles tab: the organisation's non-template roles (002 §4) as checkboxes; Save sends
 * the ticked ones with PUT /users/{id}/roles. One's own roles are shown but never editable
 * ("You cannot edit your own roles"; the server refuses it too).
 */
export function UserRolesTab({ id, record }: TabSlotProps) {
  const t = useT();
  const { user } = useCurrentUser();
  const { push } = useAlerts();
  const [offered, setOffered] = useState<RoleRow[] | null>(null);
  const [saved, setSaved] = useState<Set<number>>(new Set());
  const [edited, setEdited] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const organisationId = (record['organisation'] as { id: number } | null)?.id;
  const own = user?.id === Number(id);

  const load = useCallback(async () => {
    const [held, roles] = await Promise.all([
      fetchList<{ role: { id: number } | null }>(`/users/${encodeURIComponent(id)}/roles`, {}),
      organisationId === undefined ? Promise.resolve({ rows: [] as RoleRow[] }) : fetchList<RoleRow>('/roles', { organisation: organisationId, per_page: 96 }),
    ]);
    const ids = new Set(held.rows.flatMap((row) => (row.role ? [row.role.id] : [])));
    setOffered(roles.rows.filter((role) => !role.template && role.organisation?.id === organisationId));
    setSaved(ids);
    setEdited(ids);
  }, [id, organisationId]);

  useEffect(() => {
    void load().catch(() => setOffered([]));
  }, [load]);

  if (!offered) return <Spinner />;
  const editable = !own && hasPermission(user, 'user:modify');
  const changed = differs(saved, edited);
  const save = async () => {
    setBusy(true);
    try {
      await sendRequest('PUT', `/users/${encodeURIComponent(id)}/roles`, { body: { roles: [...edited] } });
      push(successAlert('user_roles', id, 'user_roles_updated_success', record));
      await load();
    } catch (error) {
      push(failureAlert('user_roles', id, 'user_roles_updated_failure', record, error instanceof ApiProblem ? error : ApiProblem.fromBody(0, undefined)));
    }
    setBusy(false);
  };
  return (
    <div className="user-roles">
      {own && (
        <p className="alert alert--info" role="status">
          {t('problem.cannot_edit_own_roles')}
        </p>
      )}
      {offered.length === 0 ? (
        <p className="record-view__empty">{t('user_roles.none')}</p>
      ) : (
        <ul className="checklist">
          {offered.map((role) => (
            <li key={role.id}>
              <label>
                <input type="checkbox" checked={edited.has(role.id)} disabled={!editable || busy} onChange={(event) => setEdited(toggled(edited, role.id, event.target.checked))} />
                {role.name}
              </label>
            </li>
          ))}
        </ul>
      )}
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
