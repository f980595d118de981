import { useState } from 'react';
import { api, unwrap } from '../api/client';
import { ApiProblem } from '../api/problem';
import { useAlerts } from '../alerts/useAlerts';
import { useCurrentUser } from '../session/useCurrentUser';
import { isMessageKey, LOCALES, localeName, switchLanguage, type Locale } from './i18n';
import { useT } from './useT';
import './languageSwitch.css';

/**
 * The signed-in user's language (000 §1): a select of the six locales, each named in its own
 * language. A choice switches the interface at once and is saved as the user's `user_language`
 * (PUT /whoami/language); if saving fails, the interface goes back and a danger alert says why.
 */
export function LanguageSwitch() {
  const t = useT();
  const { user, signedIn } = useCurrentUser();
  const { push } = useAlerts();
  const [pending, setPending] = useState<Locale | null>(null);
  if (!user) return null;

  const choose = async (language: Locale) => {
    setPending(language);
    void switchLanguage(language);
    try {
      signedIn(await unwrap(api.PUT('/whoami/language', { body: { user_language: language } })));
    } catch (error) {
      void switchLanguage(user.user_language);
      const key = error instanceof ApiProblem && isMessageKey(error.message_key) ? error.message_key : 'problem.internal';
      push({ type: 'language', level: 'danger', messageKey: key });
    } finally {
      setPending(null);
    }
  };

  return (
    <label className="language-switch">
      <span className="visually-hidden">{t('language.switch')}</span>
      <select
        className="language-switch__select"
        data-testid="language-switch"
        value={pending ?? user.user_language}
        disabled={pending !== null}
        onChange={(event) => void choose(event.target.value as Locale)}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {localeName(locale)}
          </option>
        ))}
      </select>
    </label>
  );
}
