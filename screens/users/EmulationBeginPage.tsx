import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { isOwnRecord, offeredActions } from '../../runtime/actions/actionRules';
import type { ActionConfig, ActionSubject } from '../../runtime/actions/actionTypes';
import { useActionCall } from '../../runtime/actions/useActionCall';
import { ApiProblem, fetchRecord } from '../../runtime/api/client';
import { recordScreens } from '../../runtime/generated/screens';
import type { MessageKey } from '../../runtime/generated/messages';
import { useT } from '../../runtime/i18n/useT';
import { RouteLink } from '../../runtime/routing/RouteLink';
import { useRouteNavigate } from '../../runtime/routing/useRouteNavigate';
import { useCurrentUser } from '../../runtime/session/useCurrentUser';
import { Spinner } from '../../runtime/ui/Spinner';

/** The user page's Emulate action: the page starts emulation exactly as its button does. */
const EMULATE: ActionConfig | undefined = (recordScreens.user.actions as readonly ActionConfig[]).find(
  (action) => action.name === 'emulate',
);

interface UserRecord {
  id: number;
  name: string;
  disabled: boolean;
  [field: string]: unknown;
}

/**
 * `/mask_user/{id}/begin`, 002 §2.6's full-page start of an emulation, so it works as a link (a
 * bookmark, a link from elsewhere): the page names the user, asks for the reason and waits for
 * Proceed. Visiting it changes nothing by itself — the start is the user page's own action (POST
 * /users/{id}/emulation with the CSRF token, the reason in its body), with its alerts and its way
 * to the store as the emulated user. When the action is not offered (already emulating, oneself,
 * a disabled user) the page says why instead of asking.
 */
export function EmulationBeginPage() {
  const t = useT();
  const { id = '' } = useParams();
  const { user } = useCurrentUser();
  const callAction = useActionCall();
  const goTo = useRouteNavigate();
  const inputId = useId();
  const [record, setRecord] = useState<UserRecord | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    fetchRecord<UserRecord>(`/users/${encodeURIComponent(id)}`).then(setRecord, (error: unknown) => {
      // As the user's own page: another organisation's user opens the forbidden page, else notFound.
      goTo(error instanceof ApiProblem && error.status === 403 ? 'forbidden' : 'notFound', {}, { replace: true });
    });
  }, [id, goTo]);
  useEffect(load, [load]);

  if (record === null || !EMULATE?.confirm?.input) return <Spinner />;
  const input = EMULATE.confirm.input;
  const subject: ActionSubject = { values: record, recordId: String(record.id) };
  const refusal = whyNotOffered(EMULATE, record, user);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    // Success leaves the page (the store, as the emulated user); a failure is alerted and the
    // user's record is read again, as the user page would after a refusal.
    await callAction(EMULATE, subject, { input: reason, reload: load });
    setBusy(false);
  };

  return (
    <section className="emulation-begin">
      <h1>{t('emulation.begin_title', { name: record.name })}</h1>
      {refusal ? (
        <p className="alert alert--danger" role="alert">
          {t(refusal)}
        </p>
      ) : (
        <form className="form" onSubmit={(event) => void submit(event)}>
          <p>{t('confirm.emulate_user', { name: record.name })}</p>
          <p className="form__field">
            <label htmlFor={inputId}>{t(input.label as MessageKey)}</label>
            <input
              id={inputId}
              type="text"
              required
              maxLength={input.max}
              value={reason}
              disabled={busy}
              onChange={(event) => setReason(event.target.value)}
            />
          </p>
          <p>
            <button type="submit" className="button button--primary" disabled={busy || reason.trim() === ''}>
              {t('confirm.proceed')}
            </button>{' '}
            <RouteLink className="button" to="user" params={{ id: record.id }}>
              {t('confirm.cancel')}
            </RouteLink>
          </p>
        </form>
      )}
      {refusal && (
        <RouteLink to="user" params={{ id: record.id }}>
          {record.name}
        </RouteLink>
      )}
    </section>
  );
}

/** Why the Emulate action is not offered on this user (002 §4 Emulation), or null when it is. */
function whyNotOffered(action: ActionConfig, record: UserRecord, user: ReturnType<typeof useCurrentUser>['user']): MessageKey | null {
  if (offeredActions([action], record, user).length > 0) return null;
  if (user?.real_id !== null && user?.real_id !== undefined) return 'problem.already_emulating';
  if (isOwnRecord('user', record, user)) return 'problem.own_record';
  if (record.disabled) return 'problem.user_not_active';
  return 'emulation.not_offered';
}
