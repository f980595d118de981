import { useEffect, useState, type FormEvent } from 'react';
import { ApiProblem, fetchRecord } from '../../runtime/api/client';
import { sendRequest } from '../../runtime/api/send';
import type { MessageKey } from '../../runtime/generated/messages';
import { useT } from '../../runtime/i18n/useT';
import { useCurrentUser } from '../../runtime/session/useCurrentUser';
import { ApiClientsPanel } from './ApiClientsTab';

interface Enrolment {
  secret: string;
  otpauth_uri: string;
  qr_code: string;
}

/**
 * Two-factor sign-in for the signed-in user themselves (docs/backoffice.md): whether it is on,
 * and enrolment: a QR code of the authenticator's otpauth URI and the secret as text, confirmed
 * by a code, then the ten recovery codes, shown this once. A user whose organisation requires
 * two-factor sign-in is sent here first; once enrolled, the rest of the portal opens.
 */
export function TwoFactorPage() {
  const t = useT();
  const { user, reload } = useCurrentUser();
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<MessageKey | null>(null);
  const [busy, setBusy] = useState(false);
  const required = Boolean((user as { two_factor_enrolment_required?: boolean } | null)?.two_factor_enrolment_required);

  const userId = user?.id;
  useEffect(() => {
    if (userId === undefined) return;
    fetchRecord<{ enabled: boolean }>('/whoami/2fa').then(
      (status) => setEnabled(status.enabled),
      () => setEnabled(false),
    );
  }, [userId]);

  const start = async () => {
    setBusy(true);
    setFailure(null);
    try {
      setEnrolment((await sendRequest('POST', '/whoami/2fa')).body as Enrolment);
    } catch (error) {
      setFailure((error instanceof ApiProblem ? error.message_key : 'problem.internal') as MessageKey);
    }
    setBusy(false);
  };

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      const answer = (await sendRequest('POST', '/whoami/2fa/confirm', { body: { code } })).body as { recovery_codes: string[] };
      setRecoveryCodes(answer.recovery_codes);
      setEnrolment(null);
      setEnabled(true);
    } catch (error) {
      setFailure((error instanceof ApiProblem ? error.message_key : 'problem.internal') as MessageKey);
    }
    setBusy(false);
  };

  return (
    <section className="two-factor-page">
      <h1>{t('tfa.title')}</h1>
      {required && !recoveryCodes && (
        <p className="alert alert--info" role="status">
          {t('problem.two_factor_enrolment_required')}
        </p>
      )}
      {failure && (
        <p className="alert alert--danger" role="alert">
          {t(failure)}
        </p>
      )}
      {recoveryCodes ? (
        <div className="two-factor-page__recovery">
          <h2>{t('tfa.recovery_title')}</h2>
          <p>{t('tfa.recovery_text')}</p>
          <ol data-testid="recovery-codes">
            {recoveryCodes.map((recovery) => (
              <li key={recovery}>
                <code>{recovery}</code>
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setRecoveryCodes(null);
              void reload();
            }}
          >
            {t('tfa.done')}
          </button>
        </div>
      ) : enrolment ? (
        <form className="form" onSubmit={(event) => void confirm(event)}>
          <p>{t('tfa.scan')}</p>
          <img src={enrolment.qr_code} alt={t('tfa.qr_alt')} width={240} height={240} />
          <p>
            {t('tfa.secret')}: <code data-testid="totp-secret">{enrolment.secret}</code>
          </p>
          <label className="form__field">
            <span>{t('tfa.code')}</span>
            <input
              type="text"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </label>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('tfa.confirm')}
          </button>
        </form>
      ) : enabled === null ? null : enabled ? (
        <p role="status">{t('tfa.on')}</p>
      ) : (
        <>
          <p role="status">{t('tfa.off')}</p>
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void start()}>
            {t('tfa.start')}
          </button>
        </>
      )}
      {user && !required && (
        <section className="two-factor-page__api-clients">
          <h2>{t('users.api_clients')}</h2>
          <ApiClientsPanel id={String(user.id)} record={{ id: user.id, name: user.name }} />
        </section>
      )}
    </section>
  );
}
