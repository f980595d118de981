import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { messages, type Locale, type MessageKey } from '../generated/messages';

export type { Locale } from '../generated/messages';

export const DEFAULT_LANGUAGE: Locale = 'en';

/** The interface's languages (000 §1, 002 §1): every one has a complete catalogue. */
export const LOCALES = Object.keys(messages).sort() as Locale[];

/**
 * The one i18next instance of the SPA, fed from the generated catalogue. Keys are flat dotted
 * strings (`store.sort.+name`), so key and namespace separators are off. Every locale's catalogue
 * is complete (hub generate sees to it); English stays the fallback for a language the catalogue
 * does not have. Resources are bundled, so init is synchronous and `t` works at once.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(
    Object.entries(messages).map(([language, catalogue]) => [language, { translation: catalogue }]),
  ),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  keySeparator: false,
  nsSeparator: false,
  initAsync: false,
  returnNull: false,
  // React escapes rendered text itself; escaping here would show entities like &amp; literally.
  interpolation: { escapeValue: false, prefix: '{{', suffix: '}}' },
});

/** Switches to the user's language (000 §1: de, en, es, fr, it, nl); unknown ones fall back to en. */
export function switchLanguage(language: string | null | undefined): void {
  const wanted = language || DEFAULT_LANGUAGE;
  if (i18n.language !== wanted) void i18n.changeLanguage(wanted);
  // Screen readers and hyphenation follow the page's declared language.
  if (typeof document !== 'undefined') document.documentElement.lang = wanted;
}

/** The current interface language (en until switched). */
export function currentLanguage(): Locale {
  return (LOCALES as string[]).includes(i18n.language) ? (i18n.language as Locale) : DEFAULT_LANGUAGE;
}

/** A locale's name in its own language (`Deutsch`, `Français`), from its own catalogue. */
export function localeName(locale: Locale): string {
  return messages[locale][`locale.${locale}`];
}

/** Narrows a key that arrived at run time (a problem's `message_key`) to a catalogue key. */
export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(messages.en, key);
}
