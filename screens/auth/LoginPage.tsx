import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../runtime/api/client';
import type { MessageKey } from '../../runtime/generated/messages';
import { useT } from '../../runtime/i18n/useT';
import { safeNextPath } from '../../runtime/routing/guardDecision';
import { isSpaPath, routePath } from '../../runtime/routing/links';
import { useCurrentUser } from '../../runtime/session/useCurrentUser';

/** Log in with e-mail and password, then go back to the page asked for (`next`) or the store. */
export function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { signedIn } = useCurrentUser();
  const [emailAddress, setEmailAddress] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<MessageKey | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitting(true);
    setFailure(null);
    try {
      const { data, response } = await api.POST('/auth/login', { body: { email_address: emailAddress, password } });
      if (response.ok && data) {
        signedIn(data);
        const next = safeNextPath(searchParams.get('next'), routePath('webstore'));
        // A server-answered path (the serials CSV) needs the browser, not the router.
        if (isSpaPath(next)) void navigate(next, { replace: true });
        else window.location.replace(next);
        return;
      }
      setFailure(loginFailureMessage(response.status));
    } catch {
      setFailure('problem.internal');
    }
    setSubmitting(false);
  };

  return (
    <section className="login-page">
      <h1>{t('login.title')}</h1>
      <form className="form" onSubmit={(event) => void submit(event)}>
        {failure && (
          <p className="alert alert--danger" role="alert">
            {t(failure)}
          </p>
        )}
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
        <label className="form__field">
          <span>{t('login.password')}</span>
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            maxLength={1024}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        <button type="submit" className="button button--primary" disabled={submitting}>
          {t('login.submit')}
        </button>
      </form>
    </section>
  );
}

/** 401 `login_failed` and 429 `login_rate_limited` have their own wording (api contract). */
function loginFailureMessage(status: number): MessageKey {
  if (status === 401) return 'login.failed';
  if (status === 429) return 'login.rate_limited';
  return 'problem.internal';
}
