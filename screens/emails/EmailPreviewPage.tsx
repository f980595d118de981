import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { fetchRecord, isAbortError } from '../../runtime/api/client';
import type { MessageKey } from '../../runtime/generated/messages';
import { LOCALES, localeName, type Locale } from '../../runtime/i18n/i18n';
import { useT } from '../../runtime/i18n/useT';
import { OrganisationOptionList } from '../../runtime/list/OrganisationOptionList';
import { useOrganisationOptions } from '../../runtime/list/useOrganisationOptions';
import { Spinner } from '../../runtime/ui/Spinner';
import './emailPreview.css';

interface EmailSummary {
  name: string;
  label: string;
  description: string;
}

interface EmailPreview {
  subject: string;
  html: string;
  text: string;
}

type Loaded<T> = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; value: T };

/** Loads a JSON answer of the API while `path` stays the same; a new path aborts the last load. */
function useLoaded<T>(path: string | null): Loaded<T> {
  const [state, setState] = useState<{ path: string | null; loaded: Loaded<T> }>({ path: null, loaded: { status: 'loading' } });
  useEffect(() => {
    if (path === null) return undefined;
    const controller = new AbortController();
    fetchRecord<T>(path, controller.signal).then(
      (value) => setState({ path, loaded: { status: 'ready', value } }),
      (error: unknown) => {
        if (!isAbortError(error)) setState({ path, loaded: { status: 'failed' } });
      },
    );
    return () => controller.abort();
  }, [path]);
  return state.path === path ? state.loaded : { status: 'loading' };
}

/**
 * The root admin's preview of the e-mails (docs/backoffice.md "E-mail templates"): each e-mail of
 * spec/emails rendered by the server with its sample data, in a language and, optionally, in an
 * organisation's branding, as its recipient would receive it: the subject, the HTML part in a
 * sandboxed frame (no script runs, no link navigates the portal) and the plain-text part. The
 * choices live in the address (?email=…&locale=…&organisation=…), so a preview can be shared.
 */
export function EmailPreviewPage() {
  const t = useT();
  const ids = { email: useId(), locale: useId(), organisation: useId() };
  const [search, setSearch] = useSearchParams();
  const emails = useLoaded<EmailSummary[]>('/email_templates');
  const organisations = useOrganisationOptions(true);
  const list = emails.status === 'ready' ? emails.value : [];
  const email = list.find((candidate) => candidate.name === search.get('email')) ?? list[0];
  const locale = (LOCALES as string[]).includes(search.get('locale') ?? '') ? (search.get('locale') as Locale) : 'en';
  const organisation = /^\d+$/.test(search.get('organisation') ?? '') ? search.get('organisation')! : '';
  const query = new URLSearchParams({ locale, ...(organisation && { organisation }) });
  const preview = useLoaded<EmailPreview>(email ? `/email_templates/${encodeURIComponent(email.name)}/preview?${query.toString()}` : null);
  const choose = (name: string, value: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  if (emails.status === 'failed') return <p role="alert">{t('emails.load_failed')}</p>;
  if (emails.status === 'loading' || !email) return <Spinner />;
  return (
    <>
      <h1>{t('emails.title')}</h1>
      <p>{t('emails.intro')}</p>
      <div className="email-preview__choices">
        <label htmlFor={ids.email}>{t('emails.email')}</label>
        <select id={ids.email} value={email.name} onChange={(event) => choose('email', event.target.value)}>
          {list.map((candidate) => (
            <option key={candidate.name} value={candidate.name}>
              {t(candidate.label as MessageKey)}
            </option>
          ))}
        </select>
        <label htmlFor={ids.locale}>{t('emails.language')}</label>
        <select id={ids.locale} value={locale} onChange={(event) => choose('locale', event.target.value)}>
          {LOCALES.map((candidate) => (
            <option key={candidate} value={candidate}>
              {localeName(candidate)}
            </option>
          ))}
        </select>
        <label htmlFor={ids.organisation}>{t('emails.branding')}</label>
        <select id={ids.organisation} value={organisation} onChange={(event) => choose('organisation', event.target.value)}>
          <option value="">{t('emails.no_branding')}</option>
          {organisations.status === 'ready' && <OrganisationOptionList organisations={organisations.organisations} />}
        </select>
      </div>
      <p className="email-preview__description">{email.description}</p>
      {preview.status === 'loading' && <Spinner />}
      {preview.status === 'failed' && <p role="alert">{t('emails.load_failed')}</p>}
      {preview.status === 'ready' && (
        <div className="email-preview">
          <dl className="email-preview__subject">
            <dt>{t('emails.subject')}</dt>
            <dd data-testid="email-subject">{preview.value.subject}</dd>
          </dl>
          <section aria-labelledby={`${ids.email}-html`}>
            <h2 id={`${ids.email}-html`}>{t('emails.html_part')}</h2>
            {/* sandbox without allow-scripts or allow-top-navigation: the e-mail is shown, never run. */}
            <iframe className="email-preview__frame" title={t('emails.html_frame')} sandbox="" srcDoc={preview.value.html} />
          </section>
          <section aria-labelledby={`${ids.email}-text`}>
            <h2 id={`${ids.email}-text`}>{t('emails.text_part')}</h2>
            <pre className="email-preview__text" data-testid="email-text">
              {preview.value.text}
            </pre>
          </section>
        </div>
      )}
    </>
  );
}
