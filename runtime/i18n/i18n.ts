import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { messages, type MessageKey } from '../generated/messages';

export const DEFAULT_LANGUAGE = 'en';

/**
 * The one i18next instance of the SPA, fed from the generated catalogue. Keys are flat dotted
 * strings (`store.sort.+name`), so key and namespace separators are off; English fills gaps in
 * the partial French set. Resources are bundled, so init is synchronous and `t` works at once.
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

/** Switches to the user's language (000 §1: en, with a partial fr); unknown ones fall back to en. */
export function switchLanguage(language: string | null | undefined): void {
  const wanted = language || DEFAULT_LANGUAGE;
  if (i18n.language !== wanted) void i18n.changeLanguage(wanted);
  // Screen readers and hyphenation follow the page's declared language.
  if (typeof document !== 'undefined') document.documentElement.lang = wanted;
}

/** Narrows a key that arrived at run time (a problem's `message_key`) to a catalogue key. */
export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(messages.en, key);
}
