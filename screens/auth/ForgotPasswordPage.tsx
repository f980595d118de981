import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { api } from '../../runtime/api/client';
import type { MessageKey } from '../../runtime/generated/messages';
import { useT } from '../../runtime/i18n/useT';
import { routePath } from '../../runtime/routing/links';

/**
 * Self-service "forgot password" (docs/backoffice.md): the same answer whether or not the address
 * is a user's, so the page says only that a link is on its way if it is.
 */
export function ForgotPasswordPage() {
  const t = useT();
  const [emailAddress, setEmailAddress] = useState('');
  const [outcome, setOutcome] = useState<'sent' | MessageKey | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitting(true);
    try {
      const { response } = await api.POST('/auth/forgot_password', { body: { email_address: emailAddress } });
      setOutcome(response.ok ? 'sent' : response.status === 429 ? 'problem.request_rate_limited' : 'problem.internal');
    } catch {
      setOutcome('problem.internal');
    }
    setSubmitting(false);
  };

  return (
    <section className="login-page">
      <h1>{t('forgot.title')}</h1>
      {outcome === 'sent' ? (
        <p className="alert alert--success" role="status">
          {t('forgot.sent')}
        </p>
      ) : (
        <form className="form" onSubmit={(event) => void submit(event)}>
          {outcome && (
            <p className="alert alert--danger" role="alert">
              {t(outcome)}
            </p>
          )}
          <p>{t('forgot.text')}</p>
          <label className="form__field">
            <span>{t('login.email')}</span>
            <input
              type="email"
              name="email_address"
              autoComplete="username"
              required
              maxLength={255}
              value={emailAddress}
              onChange={(event) => setEmailAddress(event.target.value)}
            />
          </label>
          <button type="submit" className="button button--primary" disabled={submitting}>
            {t('forgot.submit')}
          </button>
        </form>
      )}
      <Link to={routePath('login')}>{t('password.back_to_login')}</Link>
    </section>
  );
}
