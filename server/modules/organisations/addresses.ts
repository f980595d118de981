import { DomainError } from '../../domain/errors';
import type { AddressInput } from '../../generated/types';
import type { Records } from '../../writes/records';

/**
 * An organisation's addresses (002 §2.4 addresses tab, §3 Address, §5): the required fields and
 * limits are the schema's (AddressInput); the country must be one of GET /country_codes. Each
 * address added, changed or removed is a change of the organisation in the audit log.
 */

const FIELDS = [
  'name',
  'company_name',
  'recipient_name',
  'addr_line_1',
  'addr_line_2',
  'city',
  'region',
  'postal_code',
  'country_code',
] as const;

type AddressRow = Record<(typeof FIELDS)[number], string | null> & { id: number };

/** How an address reads in the audit log: its name and where it is. */
const describe = (address: Partial<Record<(typeof FIELDS)[number], string | null | undefined>>) =>
  [
    address.name,
    address.company_name,
    address.addr_line_1,
    address.addr_line_2,
    address.city,
    address.region,
    address.postal_code,
    address.country_code,
  ]
    .filter((part) => part !== null && part !== undefined && part.trim() !== '')
    .map((part) => part!.trim())
    .join(', ');

/**
 * Makes the organisation's addresses exactly `wanted`: an item with an id changes that address
 * (one of this organisation's, else 422 unknown_value), one without adds one, one left out is removed.
 */
export async function saveAddresses(records: Records, organisationId: number, wanted: readonly AddressInput[]): Promise<void> {
  const { db } = records;
  const countries = new Set(((await db('countries').select('code')) as { code: string }[]).map((row) => row.code));
  wanted.forEach((item, i) => {
    if (!countries.has(item.country_code.trim()))
      throw new DomainError('unprocessable', 'unknown_value', {
        field: `addresses[${i}].country_code`,
        detail: 'one of the country codes offered',
      });
  });
  const stored = (await db('addresses')
    .where('organisation_id', organisationId)
    .orderBy('id')
    .select('id', ...FIELDS)) as AddressRow[];
  const byId = new Map(stored.map((row) => [Number(row.id), row]));
  wanted.forEach((item, i) => {
    if (item.id !== undefined && !byId.has(item.id))
      throw new DomainError('unprocessable', 'unknown_value', {
        field: `addresses[${i}].id`,
        detail: 'not an address of this organisation',
      });
  });
  const kept = new Set(wanted.flatMap((item) => (item.id === undefined ? [] : [item.id])));
  const auditOn = (value: string) => ({ entity: 'organisation', id: organisationId, field: 'addresses', value }) as const;
  for (const row of stored) {
    if (!kept.has(Number(row.id))) await records.remove('address', Number(row.id), { auditOn: auditOn(describe(row)) });
  }
  for (const item of wanted) {
    const values = Object.fromEntries(FIELDS.map((field) => [field, item[field] ?? null])) as Record<
      (typeof FIELDS)[number],
      string | null
    >;
    const before = item.id === undefined ? undefined : byId.get(item.id);
    if (!before) {
      await records.insert('address', { ...values, organisation: organisationId }, { auditOn: auditOn(describe(values)) });
      continue;
    }
    const changes = await records.update('address', Number(before.id), values);
    if (changes.length > 0)
      await records.audit.record('organisation', organisationId, 'UPDATE', [
        { field: 'addresses', old: describe(before), new: describe(values) },
      ]);
  }
}
