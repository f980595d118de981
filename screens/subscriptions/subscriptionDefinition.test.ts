import { describe, expect, it } from 'vitest';
import type { RecordValue } from '../../runtime/record/recordFields';
import { subscriptionDefinition } from './subscriptionDefinition';

/** A record described field by field, as describeValue gives it (each value as its text). */
function described(values: Record<string, string>): RecordValue {
  return { kind: 'object', entries: Object.entries(values).map(([name, text]) => ({ name, label: name, value: { kind: 'text', text } })) };
}

const RECORD = {
  id: '2',
  name: 'Dropbox team storage',
  status: 'Active',
  type: 'Dropbox',
  start_date: '28th Aug 2026',
  end_date: '28th Aug 2027',
  service_activation_date: '28th Aug 2026',
  billing_frequency: 'Monthly',
  auto_renewal_flag: 'Yes',
  renewal_term_months: '12',
  recurring_cost: '£225.00',
  total_contract_value: '£2,700.00',
  currency: 'GBP',
  order_id: '6',
  pending_change: 'No',
  changes_activated_on: '—',
  organisation: 'Customer Co Ltd',
};
const message = (key: string) => `«${key}»`;
const rows = (value: RecordValue) =>
  value.kind === 'object' ? value.entries.map((entry) => [entry.label, entry.value.kind === 'text' ? entry.value.text : '']) : [];

describe('subscriptionDefinition (001 §2 definition tab)', () => {
  it('shows 001 §2’s fields in its order with the catalogue’s labels, auto renewal as enabled, the end date as the next renewal', () => {
    const record = { status: 'ACTIVE', auto_renewal_flag: true, service_activation_date: '2026-08-28', changes_activated_on: null };
    expect(rows(subscriptionDefinition(described(RECORD), record, message))).toEqual([
      ['«subscriptions.name»', 'Dropbox team storage'],
      ['«subscriptions.id»', '2'],
      ['«subscriptions.status»', 'Active'],
      ['«subscriptions.organisation»', 'Customer Co Ltd'],
      ['«subscriptions.vendor»', 'Dropbox'],
      ['«subscriptions.start_date»', '28th Aug 2026'],
      ['«subscriptions.service_activation_date»', '28th Aug 2026'],
      ['«subscriptions.billing_frequency»', 'Monthly'],
      ['«subscriptions.auto_renewal_flag»', '«subscriptions.auto_renewal_enabled»'],
      ['«subscriptions.renewal_term_months»', '12'],
      ['«subscriptions.next_renewal_date»', '28th Aug 2027'],
    ]);
  });

  it('without auto renewal the last date is the end date; unset dates are left out', () => {
    const record = { status: 'PENDING', auto_renewal_flag: false, service_activation_date: null, changes_activated_on: null };
    const shown = rows(subscriptionDefinition(described(RECORD), record, message));
    expect(shown).toContainEqual(['«subscriptions.auto_renewal_flag»', '«subscriptions.auto_renewal_disabled»']);
    expect(shown).toContainEqual(['«subscriptions.end_date»', '28th Aug 2027']);
    expect(shown.map(([label]) => label)).not.toContain('«subscriptions.service_activation_date»');
  });

  it('a CANCELLED subscription shows no renewal fields; the fields an edit form shows are left to it', () => {
    const cancelled = rows(subscriptionDefinition(described(RECORD), { status: 'CANCELLED', auto_renewal_flag: true }, message)).map(
      ([label]) => label,
    );
    for (const hidden of ['auto_renewal_flag', 'renewal_term_months', 'next_renewal_date', 'end_date'])
      expect(cancelled).not.toContain(`«subscriptions.${hidden}»`);
    const edited = rows(
      subscriptionDefinition(
        described(RECORD),
        { status: 'ACTIVE', auto_renewal_flag: true },
        message,
        new Set(['name', 'auto_renewal_flag', 'renewal_term_months']),
      ),
    ).map(([label]) => label);
    expect(edited.slice(0, 2)).toEqual(['«subscriptions.id»', '«subscriptions.status»']);
    expect(edited).toContain('«subscriptions.next_renewal_date»');
    expect(edited).not.toContain('«subscriptions.renewal_term_months»');
  });
});
