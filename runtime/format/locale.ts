import { INTL_LOCALES as SHARED_LOCALES } from '../../shared/format/dates';
import { currentLanguage, type Locale } from '../i18n/i18n';

/** The Intl locale of each interface language: British English, and each language's home country. */
const INTL_LOCALES: Record<Locale, string> = SHARED_LOCALES;

/** The Intl locale that money and dates follow: the interface's current language (en → en-GB). */
export function intlLocale(language: Locale = currentLanguage()): string {
  return INTL_LOCALES[language];
}
