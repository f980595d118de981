import { useCallback, useEffect, useState } from 'react';
import { failureAlert, successAlert } from '../../runtime/actions/actionRules';
import { useAlerts } from '../../runtime/alerts/useAlerts';
import { ApiProblem, fetchList } from '../../runtime/api/client';
import { sendRequest } from '../../runtime/api/send';
import type { MessageKey } from '../../runtime/generated/messages';
import { useT } from '../../runtime/i18n/useT';
import { useMessage } from '../../runtime/list/useMessage';
import { hasPermission } from '../../runtime/session/permissions';
import { useCurrentUser } from '../../runtime/session/useCurrentUser';
import type { TabSlotProps } from '../../runtime/slots/slotTypes';
import { Spinner } from '../../runtime/ui/Spinner';
import {
  changedGrants,
  keepChanges,
  permissionGroups,
  permissionLabel,
  valueOf,
  type CatalogueEntry,
  type GrantValue,
  type GroupName,
  type Grants,
} from './permissionGroups';

const VALUES: readonly GrantValue[] = [2, 1, 0];
const GROUP_TITLES: Record<GroupName, MessageKey> = {
  general: 'roles.permissions_general',
  webstore: 'roles.permissions_webstore',
  dovetail: 'roles.permissions_dovetail',
};

interface Loaded {
  catalogue: CatalogueEntry[];
  /** What the role grants now (the baseline of the edits). */
  saved: Grants;
  /** The current user holds the role: they may not change it (002 §5, 002 §8). */
  ownRole: boolean;
}

/** The catalogue, the role's grants and whether the caller holds the role, in one go. */
async function loadRole(id: string, signal?: AbortSignal): Promise<Omit<Loaded, 'ownRole'> & { holders: number[] }> {
  const role = encodeURIComponent(id);
  const [catalogue, grants, holders] = await Promise.all([
    fetchList<CatalogueEntry>('/permissions', { per_page: 1000 }, signal),
    fetchList<{ value: GrantValue; permission: { id: number } | null }>(`/roles/${role}/permissions`, {}, signal),
    fetchList<{ user: { id: number } | null }>(`/roles/${role}/users`, {}, signal),
  ]);
  const saved: Record<number, GrantValue> = {};
  for (const grant of grants.rows) if (grant.permission) saved[grant.permission.id] = grant.value;
  return { catalogue: catalogue.rows, saved, holders: holders.rows.flatMap((row) => (row.user ? [row.user.id] : [])) };
}

/**
 * A role's permissions tab (002 §2.8): every permission of the catalogue with its value, 2 all,
 * 1 child organisations or 0 off, grouped into general, webstore module and dovetail module (see
 * permissionGroups.ts). Save sends the changed ones with PUT /roles/{id} (the name as loaded: the
 * body always carries it) and If-Match, the ETag of the role as the page loaded it; Save and Cancel work only on changes. A user holding the role,
 * or without role:modify, reads it (the server refuses them too: 403 cannot_edit_own_roles).
 * When someone else changed the role meanwhile (412) the grants load again with the changes kept.
 */
export function PermissionsEditor({ id, record, etag, reload, success, failure }: TabSlotProps) {
  const t = useT();
  const message = useMessage();
  const { user } = useCurrentUser();
  const { push } = useAlerts();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [edited, setEdited] = useState<Grants>({});
  const [saving, setSaving] = useState(false);
  const userId = user?.id;

  const refresh = useCallback(
    async (signal?: AbortSignal) => {
      const fresh = await loadRole(id, signal);
      setLoaded({ catalogue: fresh.catalogue, saved: fresh.saved, ownRole: userId !== undefined && fresh.holders.includes(userId) });
      return fresh.saved;
    },
    [id, userId],
  );

  useEffect(() => {
    const controller = new AbortController();
    refresh(controller.signal).then(setEdited, (error: unknown) => {
      if (!(error instanceof DOMException && error.name === 'AbortError')) setFailed(true);
    });
    return () => controller.abort();
  }, [refresh]);

  if (failed) return <p className="record-view__empty">{t('record.load_failed')}</p>;
  if (!loaded) return <Spinner />;

  const editable = !loaded.ownRole && hasPermission(user, 'role:modify');
  const changes = changedGrants(loaded.saved, edited);
  const save = async () => {
    setSaving(true);
    try {
      await sendRequest('PUT', `/roles/${encodeURIComponent(id)}`, {
        body: { name: String(record['name']), permissions: changes },
        ifMatch: etag,
      });
      if (success) push(successAlert('permissions', id, success, record));
      setEdited(await refresh());
      reload();
    } catch (error) {
      const problem = error instanceof ApiProblem ? error : ApiProblem.fromBody(0, undefined);
      if (failure) push(failureAlert('permissions', id, failure, record, problem));
      if (problem.status === 412) {
        const before = loaded.saved;
        setEdited(keepChanges(before, edited, await refresh()));
        reload();
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="permissions-editor">
      {loaded.ownRole && (
        <p className="alert alert--info" role="status">
          {t('problem.cannot_edit_own_roles')}
        </p>
      )}
      {permissionGroups(loaded.catalogue).map(({ group, entries }) => (
        <section key={group}>
          <h2>{t(GROUP_TITLES[group])}</h2>
          <table className="record-view__table">
            <thead>
              <tr>
                <th>{t('roles.permission')}</th>
                {VALUES.map((value) => (
                  <th key={value}>{t(`permission_value.${value}`)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} data-permission={entry.name}>
                  <td>
                    {permissionLabel(entry.name, message)} <code className="permissions-editor__key">{entry.name}</code>
                  </td>
                  {VALUES.map((value) => (
                    <td key={value}>
                      <input
                        type="radio"
                        name={`permission-${entry.id}`}
                        aria-label={`${permissionLabel(entry.name, message)}: ${t(`permission_value.${value}`)}`}
                        checked={valueOf(edited, entry.id) === value}
                        disabled={!editable || saving}
                        onChange={() => setEdited({ ...edited, [entry.id]: value })}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      {editable && (
        <div className="form-view__actions">
          <button type="button" className="button button--primary" disabled={changes.length === 0 || saving} onClick={() => void save()}>
            {t('form.save')}
          </button>
          <button type="button" className="button" disabled={changes.length === 0 || saving} onClick={() => setEdited(loaded.saved)}>
            {t('form.cancel')}
          </button>
        </div>
      )}
    </div>
  );
}
