import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { english, loadCatalogue, LOCALES as GENERATED_LOCALES, localeNames, type Locale, type MessageKey } from '../generated/messages';

export type { Locale } from '../generated/messages';

export const DEFAULT_LANGUAGE: Locale = 'en';

/** The interface's languages (000 §1, 002 §1): every one has a complete catalogue. */
export const LOCALES: readonly Locale[] = GENERATED_LOCALES;

/**
 * The one i18next instance of the SPA. Keys are flat dotted strings (`store.sort.+name`), so key
 * and namespace separators are off. English is bundled (init is synchronous and `t` works at once)
 * and stays the fallback; every other catalogue is a lazy chunk loaded when a user first needs it,
 * so the store's first load carries one language, not six (issue 19's budget).
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { [DEFAULT_LANGUAGE]: { translation: english } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  keySeparator: false,
  nsSeparator: false,
  initAsync: false,
  returnNull: false,
  // React escapes rendered text itself; escaping here would show entities like &amp; literally.
  interpolation: { escapeValue: false, prefix: '{{', suffix: '}}' },
});

function isLocale(language: string | null | undefined): language is Locale {
  return !!language && (LOCALES as readonly string[]).includes(language);
}

/** Loads a locale's catalogue into i18next once (English is always there). */
export async function loadLanguage(language: Locale): Promise<void> {
  if (language === 'en' || i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', await loadCatalogue[language]());
}

/** The language last asked for: a slower load of an earlier choice must not override it. */
let wanted: Locale = DEFAULT_LANGUAGE;

/**
 * Switches to the user's language (000 §1: de, en, es, fr, it, nl); unknown ones fall back to en.
 * The interface keeps its current language until the new catalogue has loaded (a few ms: one
 * chunk), so no screen shows a mix of two languages.
 */
export function switchLanguage(language: string | null | undefined): Promise<void> {
  wanted = isLocale(language) ? language : DEFAULT_LANGUAGE;
  const target = wanted;
  // A catalogue already loaded switches at once, as a bundled one always did.
  if (target === DEFAULT_LANGUAGE || i18n.hasResourceBundle(target, 'translation')) {
    show(target);
    return Promise.resolve();
  }
  return loadLanguage(target).then(
    () => {
      if (wanted === target) show(target);
    },
    // A chunk that failed to load (network) leaves the interface in its current language.
    () => undefined,
  );
}

function show(language: Locale): void {
  if (i18n.language !== language) void i18n.changeLanguage(language);
  // Screen readers and hyphenation follow the page's declared language.
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** The current interface language (en until switched). */
export function currentLanguage(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** A locale's name in its own language (`Deutsch`, `Français`). */
export function localeName(locale: Locale): string {
  return localeNames[locale];
}

/** Narrows a key that arrived at run time (a problem's `message_key`) to a catalogue key. */
export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(english, key);
}
