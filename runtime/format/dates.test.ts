import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

describe('formatDate', () => {
  it('shows a calendar date with an ordinal day and no zone shift', () => {
    expect(formatDate('2026-03-01')).toBe('1st Mar 2026');
    expect(formatDate('2026-12-22')).toBe('22nd Dec 2026');
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
});
