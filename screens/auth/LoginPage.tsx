import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../runtime/api/client';
import type { MessageKey } from '../../runtime/generated/messages';
import { useT } from '../../runtime/i18n/useT';
import { safeNextPath } from '../../runtime/routing/guardDecision';
import { isSpaPath, routePath } from '../../runtime/routing/links';
import { useCurrentUser } from '../../runtime/session/useCurrentUser';

/** Which step of the sign-in the form shows (docs/backoffice.md "Two-factor sign-in"). */
type Step = 'password' | 'code' | 'new_password';

interface Answer {
  data?: unknown;
  error?: unknown;
  response: Response;
}

const problemCode = (error: unknown) =>
  error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : '';

/**
 * Log in with e-mail and password, then, as the server asks, a code from the authenticator app
 * (or a recovery code) and a new password after an administrator's reset; then go back to the page
 * asked for (`next`) or the store. A user whose organisation requires two-factor sign-in and who
 * has not enrolled is taken to enrolment first.
 */
export function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { signedIn } = useCurrentUser();
  const [step, setStep] = useState<Step>('password');
  const [emailAddress, setEmailAddress] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [failure, setFailure] = useState<MessageKey | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const handle = ({ data, error, response }: Answer) => {
    if (response.ok && data) {
      const user = data as Parameters<typeof signedIn>[0] & { two_factor_enrolment_required?: boolean };
      signedIn(user);
      const next = user.two_factor_enrolment_required
        ? routePath('two_factor')
        : safeNextPath(searchParams.get('next'), routePath('webstore'));
      // A server-answered path (the serials CSV) needs the browser, not the router.
      if (isSpaPath(next)) void navigate(next, { replace: true });
      else window.location.replace(next);
      return;
    }
    const codeOf = problemCode(error);
    if (codeOf === 'two_factor_required') return setStep('code');
    if (codeOf === 'password_change_required') return setStep('new_password');
    if (codeOf === 'login_challenge_expired') setStep('password');
    setFailure(loginFailureMessage(response.status, codeOf));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitting(true);
    setFailure(null);
    try {
      if (step === 'password') handle(await api.POST('/auth/login', { body: { email_address: emailAddress, password } }));
      else if (step === 'code') handle(await api.POST('/auth/login/code', { body: { code } }));
      else handle(await api.POST('/auth/login/password', { body: { password: newPassword } }));
    } catch {
      setFailure('problem.internal');
    }
    setSubmitting(false);
  };

  return (
    <section className="login-page">
      <h1>{t(step === 'new_password' ? 'login.new_password_title' : 'login.title')}</h1>
      <form className="form" onSubmit={(event) => void submit(event)}>
        {failure && (
          <p className="alert alert--danger" role="alert">
            {t(failure)}
          </p>
        )}
        {step === 'password' && (
          <>
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
          </>
        )}
        {step === 'code' && (
          <label className="form__field">
            <span>{t('login.code')}</span>
            <input
              type="text"
              name="code"
              autoComplete="one-time-code"
              aria-describedby="code-hint"
              required
              maxLength={64}
              autoFocus
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </label>
        )}
        {step === 'code' && <small id="code-hint">{t('login.code_hint')}</small>}
        {step === 'new_password' && (
          <label className="form__field">
            <span>{t('login.new_password')}</span>
            <input
              type="password"
              name="new_password"
              autoComplete="new-password"
              aria-describedby="password-rules"
              required
              minLength={12}
              maxLength={1024}
              autoFocus
              value={newPassword}
              onChange={(event) => setNewPassword(event.target.value)}
            />
          </label>
        )}
        {step === 'new_password' && <small id="password-rules">{t('password.rules')}</small>}
        <button type="submit" className="button button--primary" disabled={submitting}>
          {t(step === 'password' ? 'login.submit' : step === 'code' ? 'login.code_submit' : 'login.new_password_submit')}
        </button>
        {step === 'password' && <Link to={routePath('forgot_password')}>{t('login.forgot_password')}</Link>}
      </form>
    </section>
  );
}

/** 401 `login_failed` / `code_failed` and 429 `login_rate_limited` have their own wording (api contract). */
function loginFailureMessage(status: number, code: string): MessageKey {
  if (code === 'code_failed') return 'problem.code_failed';
  if (code === 'login_challenge_expired') return 'problem.login_challenge_expired';
  if (code === 'password_too_short') return 'problem.password_too_short';
  if (code === 'password_too_common') return 'problem.password_too_common';
  if (status === 401) return 'login.failed';
  if (status === 429) return 'login.rate_limited';
  return 'problem.internal';
}
