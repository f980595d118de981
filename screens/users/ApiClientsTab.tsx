import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ConfirmModal } from '../../runtime/actions/ConfirmModal';
import { failureAlert, successAlert } from '../../runtime/actions/actionRules';
import { useAlerts } from '../../runtime/alerts/useAlerts';
import { ApiProblem, fetchList } from '../../runtime/api/client';
import { sendRequest } from '../../runtime/api/send';
import { formatDateTime } from '../../runtime/format/dates';
import { useT } from '../../runtime/i18n/useT';
import { hasPermission } from '../../runtime/session/permissions';
import { useCurrentUser } from '../../runtime/session/useCurrentUser';
import type { TabSlotProps } from '../../runtime/slots/slotTypes';
import { Spinner } from '../../runtime/ui/Spinner';

interface ClientRow {
  id: number;
  name: string;
  client_id: string;
  created_at: string | null;
  expires_at: string | null;
  last_used_at: string | null;
}

/** 002 §2.6 api_clients tab: the clients of the user of the page (one's own: editable, as on the account page). */
export function ApiClientsTab({ id, record }: TabSlotProps) {
  return <ApiClientsPanel id={id} record={record} />;
}

/**
 * A user's API clients (docs/backoffice.md "API clients") with created, expiry and last-used
 * times. One's own (under /whoami): created here (name, optional expiry) with the token shown
 * exactly once, and deleted after confirming; another user's, with user:modify: deleted (revoked).
 */
export function ApiClientsPanel({ id, record }: { id: string; record: Readonly<Record<string, unknown>> }) {
  const t = useT();
  const { user } = useCurrentUser();
  const { push } = useAlerts();
  const [rows, setRows] = useState<ClientRow[] | null>(null);
  const [name, setName] = useState('');
  const [expires, setExpires] = useState('');
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [deleting, setDeleting] = useState<ClientRow | null>(null);
  const [busy, setBusy] = useState(false);
  const own = user?.id === Number(id) && !user.real_id;
  const zone = user?.timezone;
  const base = own ? '/whoami/api_clients' : `/users/${encodeURIComponent(id)}/api_clients`;

  const load = useCallback(async () => setRows((await fetchList<ClientRow>(base, {})).rows), [base]);
  useEffect(() => {
    void load().catch(() => setRows([]));
  }, [load]);

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      const body = { name, ...(expires && { expires_at: new Date(`${expires}T23:59:59`).toISOString() }) };
      const answer = (await sendRequest('POST', '/whoami/api_clients', { body })).body as { name: string; token: string };
      setCreated({ name: answer.name, token: answer.token });
      setName('');
      setExpires('');
      await load();
    } catch (error) {
      push(
        failureAlert(
          'api_clients',
          id,
          'api_client_created_failure',
          record,
          error instanceof ApiProblem ? error : ApiProblem.fromBody(0, undefined),
        ),
      );
    }
    setBusy(false);
  };

  const remove = async (client: ClientRow) => {
    setBusy(true);
    try {
      await sendRequest('DELETE', `${base}/${client.id}`);
      push(successAlert('api_clients', String(client.id), 'api_client_deleted_success', client as unknown as Record<string, unknown>));
      await load();
    } catch (error) {
      push(
        failureAlert(
          'api_clients',
          String(client.id),
          'api_client_deleted_failure',
          client as unknown as Record<string, unknown>,
          error instanceof ApiProblem ? error : ApiProblem.fromBody(0, undefined),
        ),
      );
    }
    setDeleting(null);
    setBusy(false);
  };

  if (!rows) return <Spinner />;
  const mayDelete = own || hasPermission(user, 'user:modify');
  const when = (value: string | null) => (value ? formatDateTime(value, zone) : '—');
  return (
    <div className="api-clients">
      {created && (
        <div className="alert alert--success" role="status">
          <p>{t('api_clients.token_text', { name: created.name })}</p>
          <code data-testid="api-client-token">{created.token}</code>
        </div>
      )}
      {rows.length === 0 ? (
        <p className="record-view__empty">{t('api_clients.none')}</p>
      ) : (
        <table className="record-view__table">
          <thead>
            <tr>
              <th>{t('users.api_client_name')}</th>
              <th>{t('users.api_client_id')}</th>
              <th>{t('users.api_client_created')}</th>
              <th>{t('api_clients.expires')}</th>
              <th>{t('api_clients.last_used')}</th>
              {mayDelete && <th>{t('list.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>{row.name}</td>
                <td>
                  <code>{row.client_id}</code>
                </td>
                <td>{when(row.created_at)}</td>
                <td>{when(row.expires_at)}</td>
                <td>{when(row.last_used_at)}</td>
                {mayDelete && (
                  <td>
                    <button type="button" className="button" disabled={busy} onClick={() => setDeleting(row)}>
                      {t('api_clients.delete')}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {own && (
        <form className="form api-clients__new" onSubmit={(event) => void create(event)}>
          <h2>{t('api_clients.create')}</h2>
          <label className="form__field">
            <span>{t('users.api_client_name')}</span>
            <input
              type="text"
              name="api_client_name"
              required
              maxLength={100}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </label>
          <label className="form__field">
            <span>{t('api_clients.expires_optional')}</span>
            <input type="date" name="api_client_expires" value={expires} onChange={(event) => setExpires(event.target.value)} />
          </label>
          <button type="submit" className="button button--primary" disabled={busy || name.trim() === ''}>
            {t('api_clients.create')}
          </button>
        </form>
      )}
      {deleting && (
        <ConfirmModal
          title={t('api_clients.delete')}
          confirm={{ text: 'confirm.delete_api_client' }}
          values={deleting as unknown as Record<string, unknown>}
          busy={busy}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
