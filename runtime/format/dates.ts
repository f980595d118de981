import { DEFAULT_TIMEZONE, formatDate as formatDateIn, formatDateTime as formatDateTimeIn } from '../../shared/format/dates';
import { intlLocale } from './locale';

export { DEFAULT_TIMEZONE };

/** A calendar date as `5th Mar 2026` (English) or the interface language's form (shared/format/dates.ts). */
export function formatDate(value: string, locale: string = intlLocale()): string {
  return formatDateIn(value, locale);
}

/** An instant as `5th Mar 2026, 14:30` in the user's time zone and the interface language's form. */
export function formatDateTime(value: string, zone: string = DEFAULT_TIMEZONE, locale: string = intlLocale()): string {
  return formatDateTimeIn(value, zone, locale);
}
