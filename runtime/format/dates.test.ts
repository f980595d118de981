import { afterEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '../i18n/i18n';
import { formatDate, formatDateTime } from './dates';

describe('formatDate', () => {
  it('shows a calendar date with an ordinal day and no zone shift', () => {
    expect(formatDate('2026-03-01')).toBe('1st Mar 2026');
    expect(formatDate('2026-12-22')).toBe('22nd Dec 2026');
    expect(formatDate('2026-09-13')).toBe('13th Sep 2026');
  });

  it('leaves what is not a date as it is', () => {
    expect(formatDate('soon')).toBe('soon');
  });
});

describe('formatDateTime', () => {
  it('shows the instant in the user time zone', () => {
    expect(formatDateTime('2026-07-01T23:30:00.000Z', 'UTC')).toBe('1st Jul 2026, 23:30');
    expect(formatDateTime('2026-07-01T23:30:00.000Z', 'Europe/London')).toBe('2nd Jul 2026, 00:30');
    expect(formatDateTime('2026-01-01T23:30:00Z', 'Europe/Paris')).toBe('2nd Jan 2026, 00:30');
  });

  it('falls back to UTC for an unknown zone', () => {
    expect(formatDateTime('2026-07-01T23:30:00Z', 'Mars/Olympus')).toBe('1st Jul 2026, 23:30');
  });

  it('keeps a formatter per language, kind and zone: each call in turn answers in its own', () => {
    // Formatters are kept after their first use (shared/format/dates.ts); none may answer for another.
    for (let round = 0; round < 2; round++) {
      expect(formatDateTime('2026-07-01T23:30:00Z', 'Asia/Tokyo', 'en-GB')).toBe('2nd Jul 2026, 08:30');
      expect(formatDateTime('2026-07-01T23:30:00Z', 'America/New_York', 'en-GB')).toBe('1st Jul 2026, 19:30');
      expect(formatDateTime('2026-07-01T23:30:00Z', 'Asia/Tokyo', 'de-DE')).toBe('2. Juli 2026, 08:30');
      expect(formatDate('2026-07-01', 'de-DE')).toBe('1. Juli 2026');
      expect(formatDate('2026-07-01', 'en-GB')).toBe('1st Jul 2026');
      expect(formatDateTime('2026-07-01T23:30:00Z', 'Mars/Olympus', 'de-DE')).toBe('1. Juli 2026, 23:30');
    }
  });
});

describe('dates follow the interface language', () => {
  afterEach(async () => await switchLanguage('en'));

  it.each([
    ['de-DE', '5. März 2026', '5. März 2026, 15:30'],
    ['en-GB', '5th Mar 2026', '5th Mar 2026, 15:30'],
    ['es-ES', '5 mar 2026', '5 mar 2026, 15:30'],
    ['fr-FR', '5 mars 2026', '5 mars 2026, 15:30'],
    ['it-IT', '5 mar 2026', '5 mar 2026, 15:30'],
    ['nl-NL', '5 mrt 2026', '5 mrt 2026, 15:30'],
  ])('%s: %s', (locale, date, instant) => {
    expect(formatDate('2026-03-05', locale)).toBe(date);
    expect(formatDateTime('2026-03-05T14:30:00Z', 'Europe/Paris', locale)).toBe(instant);
  });

  it('takes the current language when none is given (en is en-GB)', async () => {
    expect(formatDate('2026-03-05')).toBe('5th Mar 2026');
    await switchLanguage('de');
    expect(formatDate('2026-03-05')).toBe('5. März 2026');
    expect(formatDateTime('2026-03-05T14:30:00Z', 'UTC')).toBe('5. März 2026, 14:30');
  });

  it('reads a timestamp without a zone as UTC', () => {
    expect(formatDateTime('2026-03-05 14:30:00', 'Europe/London', 'en-GB')).toBe('5th Mar 2026, 14:30');
  });
});
