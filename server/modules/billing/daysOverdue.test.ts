import { describe, expect, it } from 'vitest';
import { bucketOf, daysBefore, daysOverdue, dueDateRange } from './daysOverdue';

const open = (due_date: string | null) => ({ type: 'INVOICE', status: 'OPEN', due_date });

describe('days overdue', () => {
  it('counts whole days past the due date of an open invoice', () => {
    expect(daysOverdue(open('2026-11-21'), '2026-11-22')).toBe(1);
    expect(daysOverdue(open('2026-08-24'), '2026-11-22')).toBe(90);
    expect(daysOverdue(open('2025-11-22'), '2026-11-22')).toBe(365);
  });

  it('is 0 on and before the due date, without a due date, and when nothing is owed', () => {
    expect(daysOverdue(open('2026-11-22'), '2026-11-22')).toBe(0);
    expect(daysOverdue(open('2026-12-01'), '2026-11-22')).toBe(0);
    expect(daysOverdue(open(null), '2026-11-22')).toBe(0);
    expect(daysOverdue({ type: 'INVOICE', status: 'PAID_IN_FULL', due_date: '2026-01-01' }, '2026-11-22')).toBe(0);
    expect(daysOverdue({ type: 'CREDIT_NOTE', status: 'OPEN', due_date: '2026-01-01' }, '2026-11-22')).toBe(0);
  });

  it('steps over month ends, leap days and the turn of the year', () => {
    expect(daysBefore('2028-03-01', 1)).toBe('2028-02-29');
    expect(daysBefore('2027-01-01', 1)).toBe('2026-12-31');
  });

  it('gives each bucket the due dates whose days overdue fall in it, without overlap', () => {
    const today = '2026-11-22';
    for (const bucket of ['1-30', '31-60', '61-90', '90+'] as const) {
      const { from, to } = dueDateRange(bucket, today);
      expect(bucketOf(daysOverdue(open(to), today))).toBe(bucket);
      expect(bucketOf(daysOverdue(open(daysBefore(to, -1)), today))).not.toBe(bucket);
      if (from !== null) {
        expect(bucketOf(daysOverdue(open(from), today))).toBe(bucket);
        expect(bucketOf(daysOverdue(open(daysBefore(from, 1)), today))).not.toBe(bucket);
      }
    }
    expect(dueDateRange('1-30', today)).toEqual({ from: '2026-10-23', to: '2026-11-21' });
    expect(dueDateRange('90+', today)).toEqual({ from: null, to: '2026-08-23' });
  });
});
