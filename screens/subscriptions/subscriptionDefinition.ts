import type { MessageKey } from '../../runtime/generated/messages';
import type { RecordEntry, RecordValue } from '../../runtime/record/recordFields';

type Values = Readonly<Record<string, unknown>>;

/**
 * 001 §2's definition tab, in its order: name, id, status, organisation, vendor, start date, service
 * activation date (if set), billing frequency, auto renewal (enabled or disabled), renewal term in
 * months, then the next renewal date, or the end date when it does not renew automatically; and
 * the date a pending change took effect, once one did. The figures live on the breakdown tab.
 */
const ROWS: readonly { field: string; label: (record: Values) => MessageKey }[] = [
  { field: 'name', label: () => 'subscriptions.name' },
  { field: 'id', label: () => 'subscriptions.id' },
  { field: 'status', label: () => 'subscriptions.status' },
  { field: 'organisation', label: () => 'subscriptions.organisation' },
  { field: 'type', label: () => 'subscriptions.vendor' },
  { field: 'start_date', label: () => 'subscriptions.start_date' },
  { field: 'service_activation_date', label: () => 'subscriptions.service_activation_date' },
  { field: 'billing_frequency', label: () => 'subscriptions.billing_frequency' },
  { field: 'auto_renewal_flag', label: () => 'subscriptions.auto_renewal_flag' },
  { field: 'renewal_term_months', label: () => 'subscriptions.renewal_term_months' },
  {
    field: 'end_date',
    label: (record) => (record['auto_renewal_flag'] === true ? 'subscriptions.next_renewal_date' : 'subscriptions.end_date'),
  },
  { field: 'changes_activated_on', label: () => 'subscriptions.changes_activated_on' },
];

/** 001 §2: a CANCELLED subscription renews no more, so its renewal fields are left out. */
export const RENEWAL_FIELDS: ReadonlySet<string> = new Set(['auto_renewal_flag', 'renewal_term_months', 'end_date']);

/** Dates that are only shown once set. */
const SHOWN_WHEN_SET = new Set(['service_activation_date', 'changes_activated_on']);

/**
 * The definition as shown: `described` is the record described field by field (describeValue),
 * `edited` the fields an edit form shows instead. Labels come from the catalogue (`message`).
 */
export function subscriptionDefinition(
  described: RecordValue,
  record: Values,
  message: (key: string) => string | null,
  edited: ReadonlySet<string> = new Set(),
): RecordValue {
  if (described.kind !== 'object') return described;
  const byName = new Map(described.entries.map((entry) => [entry.name, entry]));
  const text = (key: MessageKey) => message(key) ?? key;
  const cancelled = record['status'] === 'CANCELLED';
  const entries: RecordEntry[] = ROWS.flatMap(({ field, label }) => {
    const entry = byName.get(field);
    if (!entry || edited.has(field) || (cancelled && RENEWAL_FIELDS.has(field)) || (SHOWN_WHEN_SET.has(field) && record[field] == null))
      return [];
    const value: RecordValue =
      field === 'auto_renewal_flag'
        ? {
            kind: 'text',
            text: text(record[field] === true ? 'subscriptions.auto_renewal_enabled' : 'subscriptions.auto_renewal_disabled'),
          }
        : entry.value;
    return [{ name: field, label: text(label(record)), value }];
  });
  return { kind: 'object', entries };
}
