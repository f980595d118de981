/**
 * Days overdue (001 §3): whole days an open invoice is past its due date, counted on today's UTC
 * calendar day. Paid, voided or pending invoices and credit notes (nobody owes money on them) are
 * never overdue. Dates are the stored YYYY-MM-DD strings.
 */
export type DaysOverdueBucket = '0' | '1-30' | '31-60' | '61-90' | '90+';

const DAY_MS = 24 * 3600_000;

export function utcDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** The calendar day `days` before `day`. */
export function daysBefore(day: string, days: number): string {
  return utcDay(Date.parse(`${day}T00:00:00.000Z`) - days * DAY_MS);
}

export interface OverdueFacts {
  type: string;
  status: string;
  due_date: string | null;
}

/** Whether nothing stops an invoice from being overdue but the calendar. */
export function canBeOverdue(invoice: OverdueFacts): boolean {
  return invoice.type === 'INVOICE' && invoice.status === 'OPEN' && invoice.due_date !== null;
}

export function daysOverdue(invoice: OverdueFacts, today: string): number {
  if (!canBeOverdue(invoice) || invoice.due_date! >= today) return 0;
  return Math.round((Date.parse(`${today}T00:00:00.000Z`) - Date.parse(`${invoice.due_date!}T00:00:00.000Z`)) / DAY_MS);
}

/** Inclusive ranges of days overdue per bucket; "90+" starts after 90 so the buckets do not overlap. */
const BUCKET_DAYS: Record<Exclude<DaysOverdueBucket, '0'>, [number, number | null]> = {
  '1-30': [1, 30],
  '31-60': [31, 60],
  '61-90': [61, 90],
  '90+': [91, null],
};

/** The due dates (inclusive, YYYY-MM-DD) of an overdue bucket today; null bound = unbounded. */
export function dueDateRange(bucket: Exclude<DaysOverdueBucket, '0'>, today: string): { from: string | null; to: string } {
  const [fewest, most] = BUCKET_DAYS[bucket];
  return { from: most === null ? null : daysBefore(today, most), to: daysBefore(today, fewest) };
}

export function bucketOf(days: number): DaysOverdueBucket {
  if (days <= 0) return '0';
  if (days <= 30) return '1-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return '90+';
}
