import { useCallback, useEffect, useId, useState } from 'react';
import { failureAlert, successAlert } from '../../runtime/actions/actionRules';
import { ConfirmModal } from '../../runtime/actions/ConfirmModal';
import { useAlerts } from '../../runtime/alerts/useAlerts';
import { ApiProblem, fetchList } from '../../runtime/api/client';
import { sendRequest } from '../../runtime/api/send';
import { useT } from '../../runtime/i18n/useT';
import { OrganisationOptionList } from '../../runtime/list/OrganisationOptionList';
import { useOrganisationOptions } from '../../runtime/list/useOrganisationOptions';
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

/** The roles offered for one organisation: its own non-template roles (002 §4). */
async function rolesOf(organisation: number | undefined): Promise<RoleRow[]> {
  if (organisation === undefined) return [];
  const { rows } = await fetchList<RoleRow>('/roles', { organisation, per_page: 96 });
  return rows.filter((role) => !role.template && role.organisation?.id === organisation);
}

/**
 * 002 §2.6 roles tab: the organisation's non-template roles (002 §4) as checkboxes; Save sends
 * the ticked ones with PUT /users/{id}/roles. One's own roles are shown but never editable
 * ("You cannot edit your own roles"; the server refuses it too).
 *
 * The user's organisation is chosen here too, since roles belong to an organisation: choosing
 * another asks first (002 §4 "roles are then emptied"), and Yes empties the ticks and offers the
 * new organisation's roles, No keeps the old organisation. Save moves the user and sets the new
 * roles in one request; choosing the saved organisation again brings its saved roles back.
 */
export function UserRolesTab({ id, record, reload }: TabSlotProps) {
  const t = useT();
  const selectId = useId();
  const { user } = useCurrentUser();
  const { push } = useAlerts();
  const savedOrganisation = (record['organisation'] as { id: number; name: string } | null)?.id;
  const own = user?.id === Number(id);
  const editable = !own && hasPermission(user, 'user:modify');
  const choices = useOrganisationOptions(editable);
  // The organisation chosen, for the record as it was when chosen: a reload after Save starts anew.
  const [chosen, setChosen] = useState<{ base: number | undefined; organisation: number | undefined } | null>(null);
  const organisation = chosen !== null && chosen.base === savedOrganisation ? chosen.organisation : savedOrganisation;
  const [offered, setOffered] = useState<{ organisation: number | undefined; roles: RoleRow[] } | null>(null);
  const [saved, setSaved] = useState<Set<number>>(new Set());
  const [edited, setEdited] = useState<Set<number>>(new Set());
  const [asking, setAsking] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const loadHeld = useCallback(async () => {
    const held = await fetchList<{ role: { id: number } | null }>(`/users/${encodeURIComponent(id)}/roles`, {});
    const ids = new Set(held.rows.flatMap((row) => (row.role ? [row.role.id] : [])));
    setSaved(ids);
    setEdited(ids);
  }, [id]);

  useEffect(() => {
    void loadHeld().catch(() => setSaved(new Set()));
  }, [loadHeld, savedOrganisation]);

  useEffect(() => {
    let current = true;
    rolesOf(organisation).then(
      (roles) => current && setOffered({ organisation, roles }),
      () => current && setOffered({ organisation, roles: [] }),
    );
    return () => {
      current = false;
    };
  }, [organisation]);

  if (!offered || offered.organisation !== organisation) return <Spinner />;
  const moved = organisation !== savedOrganisation;
  const changed = moved || differs(saved, edited);
  const organisations = choices.status === 'ready' ? choices.organisations : [];
  const nameOf = (organisationId: number) => organisations.find((option) => option.id === organisationId)?.name ?? '';

  const choose = (next: number) => {
    if (next === organisation) return;
    if (next === savedOrganisation) {
      // Back to the saved organisation: nothing is lost, so nothing to confirm.
      setChosen(null);
      setEdited(saved);
    } else setAsking(next);
  };
  const confirmMove = () => {
    if (asking === null) return;
    setChosen({ base: savedOrganisation, organisation: asking });
    setEdited(new Set());
    setAsking(null);
  };
  const cancel = () => {
    setChosen(null);
    setEdited(saved);
  };
  const save = async () => {
    setBusy(true);
    try {
      await sendRequest('PUT', `/users/${encodeURIComponent(id)}/roles`, { body: { roles: [...edited], ...(moved && { organisation }) } });
      push(successAlert('user_roles', id, 'user_roles_updated_success', record));
      // A move changes the record (its organisation, perhaps its timeout): the page reads it again.
      if (moved) reload();
      else await loadHeld();
    } catch (error) {
      push(
        failureAlert(
          'user_roles',
          id,
          'user_roles_updated_failure',
          record,
          error instanceof ApiProblem ? error : ApiProblem.fromBody(0, undefined),
        ),
      );
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
      {editable && choices.status === 'ready' && (
        <p className="form__field">
          <label htmlFor={selectId}>{t('users.organisation')}</label>{' '}
          <select
            id={selectId}
            value={organisation === undefined ? '' : String(organisation)}
            disabled={busy}
            onChange={(event) => choose(Number(event.target.value))}
          >
            <OrganisationOptionList organisations={organisations} />
          </select>
        </p>
      )}
      {offered.roles.length === 0 ? (
        <p className="record-view__empty">{t('user_roles.none')}</p>
      ) : (
        <ul className="checklist">
          {offered.roles.map((role) => (
            <li key={role.id}>
              <label>
                <input
                  type="checkbox"
                  checked={edited.has(role.id)}
                  disabled={!editable || busy}
                  onChange={(event) => setEdited(toggled(edited, role.id, event.target.checked))}
                />
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
          <button type="button" className="button" disabled={!changed || busy} onClick={cancel}>
            {t('form.cancel')}
          </button>
        </div>
      )}
      {asking !== null && (
        <ConfirmModal
          title={t('users.change_organisation')}
          confirm={{ text: 'confirm.user_organisation_change' }}
          values={{ name: String(record['name'] ?? ''), organisation: nameOf(asking) }}
          busy={false}
          onConfirm={confirmMove}
          onCancel={() => setAsking(null)}
        />
      )}
    </div>
  );
}
