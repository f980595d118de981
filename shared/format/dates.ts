/**
 * Dates as every screen shows them, and the exports that must read the same (an orders CSV):
 * Intl in the language's own form, English kept to the documented `Do MMM YYYY` (000 §9, 001 §9).
 * Pure in what it answers (it keeps the Intl formatters it made): the runtime passes the
 * interface's locale, the server the user's.
 */
import { kept } from './kept';

export const DEFAULT_TIMEZONE = 'UTC';

/** The Intl locale of each interface language: British English, and each language's home country. */
export const INTL_LOCALES = { de: 'de-DE', en: 'en-GB', es: 'es-ES', fr: 'fr-FR', it: 'it-IT', nl: 'nl-NL' } as const;

const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
/** What a date is shown with: the day alone, or the day and the time of day. */
const KINDS = { date: DATE, datetime: DATE_TIME } as const;
const ENGLISH_ORDINALS: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/**
 * Formats with Intl in the locale's own order and month names (`5. März 2026`, `5 mars 2026`);
 * English keeps the documented form: an ordinal day and a three-letter month (`5th Sep 2026`,
 * where en-GB would abbreviate `Sept`).
 */
function format(date: Date, kind: keyof typeof KINDS, timeZone: string, locale: string): string {
  const formatter = formatterFor(locale, kind, timeZone);
  if (!locale.startsWith('en')) return formatter.format(date);
  const ordinal = (englishOrdinal ??= new Intl.PluralRules('en', { type: 'ordinal' }));
  const english = (part: Intl.DateTimeFormatPart): string => {
    if (part.type === 'day') return `${part.value}${ENGLISH_ORDINALS[ordinal.select(Number(part.value))] ?? ''}`;
    return part.type === 'month' ? part.value.slice(0, 3) : part.value;
  };
  return formatter.formatToParts(date).map(english).join('');
}

/** The formatters made so far, by locale, kind and time zone (`kept`: making one is what formatting cost, docs/performance.md "Dates"). */
const formatters = new Map<string, Intl.DateTimeFormat>();
let englishOrdinal: Intl.PluralRules | undefined;

/** The kept formatter of `locale`, `kind` and `timeZone`; throws a RangeError for a zone Intl does not know. */
function formatterFor(locale: string, kind: keyof typeof KINDS, timeZone: string): Intl.DateTimeFormat {
  return kept(formatters, `${locale}|${kind}|${timeZone}`, () => new Intl.DateTimeFormat(locale, { ...KINDS[kind], timeZone }));
}

/**
 * A calendar date (`2026-03-05`, or the day of an ISO timestamp) as `5th Mar 2026` (English) or
 * the language's form; it has no time of day, so no time zone applies. What is not a date is shown as it is.
 */
export function formatDate(value: string, locale: string): string {
  const day = value.slice(0, 10);
  const date = new Date(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime())) return value;
  return format(date, 'date', 'UTC', locale);
}

/**
 * An instant (ISO timestamp) as `5th Mar 2026, 14:30` in the time zone and the language's form.
 * An unknown zone name falls back to UTC rather than failing the whole list.
 */
export function formatDateTime(value: string, zone: string, locale: string): string {
  // A timestamp without a zone (`2026-03-05 14:30:00`) is UTC, as the server stores it.
  const instant = new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(value) ? value : `${value.replace(' ', 'T')}Z`);
  if (Number.isNaN(instant.getTime())) return value;
  try {
    return format(instant, 'datetime', zone, locale);
  } catch {
    return format(instant, 'datetime', DEFAULT_TIMEZONE, locale);
  }
}
