import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { api } from '../../runtime/api/client';
import type { MessageKey } from '../../runtime/generated/messages';
import { useT } from '../../runtime/i18n/useT';
import { routePath } from '../../runtime/routing/links';

interface LinkInfo {
  purpose: 'INVITATION' | 'PASSWORD_RESET';
  name: string;
  email_address: string;
}

const problemCode = (error: unknown) =>
  error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : '';

/**
 * The page an invitation or password-reset e-mail links to (`/set_password#<token>`): the token
 * travels in the fragment, which the browser sends to no server and leaves out of Referer; the
 * page hands it to the API with the chosen password (docs/backoffice.md "User lifecycle").
 */
export function SetPasswordPage() {
  const t = useT();
  const [token] = useState(() => window.location.hash.replace(/^#/, ''));
  const [info, setInfo] = useState<LinkInfo | 'invalid' | null>(null);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [failure, setFailure] = useState<MessageKey | null>(null);
  const [done, setDone] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    // The token leaves the address bar: it stays out of the history and of anything copied from it.
    window.history.replaceState(null, '', window.location.pathname);
    if (!token) return setInfo('invalid');
    api.POST('/auth/link', { body: { token } }).then(
      ({ data }) => setInfo(data ?? 'invalid'),
      () => setInfo('invalid'),
    );
  }, [token]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password !== repeat) return setFailure('password.mismatch');
    setSubmitting(true);
    setFailure(null);
    try {
      const { response, error } = await api.POST('/auth/password', { body: { token, password } });
      if (response.ok) setDone(true);
      else {
        const code = problemCode(error);
        if (code === 'link_invalid') setInfo('invalid');
        else setFailure(code === 'password_too_short' || code === 'password_too_common' ? `problem.${code}` : 'problem.internal');
      }
    } catch {
      setFailure('problem.internal');
    }
    setSubmitting(false);
  };

  if (info === null) return <section className="login-page" aria-busy="true" />;
  if (info === 'invalid')
    return (
      <section className="login-page">
        <h1>{t('password.link_title')}</h1>
        <p className="alert alert--danger" role="alert">
          {t('password.link_invalid')}
        </p>
        <Link to={routePath('forgot_password')}>{t('login.forgot_password')}</Link>
      </section>
    );
  return (
    <section className="login-page">
      <h1>{info.purpose === 'INVITATION' ? t('password.welcome', { name: info.name }) : t('password.reset_title')}</h1>
      {done ? (
        <>
          <p className="alert alert--success" role="status">
            {t('password.done')}
          </p>
          <Link className="button button--primary" to={routePath('login')}>
            {t('login.submit')}
          </Link>
        </>
      ) : (
        <form className="form" onSubmit={(event) => void submit(event)}>
          {failure && (
            <p className="alert alert--danger" role="alert">
              {t(failure)}
            </p>
          )}
          <p>{t('password.for', { email: info.email_address })}</p>
          <label className="form__field">
            <span>{t('password.new')}</span>
            <input
              type="password"
              name="password"
              autoComplete="new-password"
              aria-describedby="password-rules"
              required
              minLength={12}
              maxLength={1024}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </label>
          <small id="password-rules">{t('password.rules')}</small>
          <label className="form__field">
            <span>{t('password.repeat')}</span>
            <input
              type="password"
              name="repeat"
              autoComplete="new-password"
              required
              maxLength={1024}
              value={repeat}
              onChange={(event) => setRepeat(event.target.value)}
            />
          </label>
          <button type="submit" className="button button--primary" disabled={submitting}>
            {t('password.save')}
          </button>
        </form>
      )}
    </section>
  );
}
