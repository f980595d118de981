import type { Knex } from 'knex';
import type { EntityMeta, FieldMeta } from '../db/entityMeta';
import { entities, type EntityName } from '../generated/entities';
import type { FieldChange } from '../modules/audit/auditTrail';

/**
 * A value as the audit log keeps it (002 §3 field changes; issue 22 item 15): text that the audit
 * tab can show as the record screen shows the field. Secrets only as "changed"; an instant as an
 * ISO timestamp (never the milliseconds it is passed as); enums as their code and money as its
 * decimal, which the tab labels and formats in the reader's language (runtime/record/auditCells.ts).
 */
export function auditText(field: FieldMeta, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (field.private) return 'changed';
  if (field.type === 'timestamp') {
    const instant = value instanceof Date ? value : new Date(typeof value === 'number' || /^\d+$/.test(String(value)) ? Number(value) : String(value));
    if (!Number.isNaN(instant.getTime())) return instant.toISOString();
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * A reference shows the name of what it points at, as on the record screen (organisation `2` is
 * "Customer Co Ltd"), kept as it was when the change was made: one query per entity referred to.
 * A reference to an entity without a name keeps its id.
 */
export async function withReferenceNames(db: Knex, entity: EntityName, changes: FieldChange[]): Promise<FieldChange[]> {
  const fields = entities[entity].fields as Record<string, FieldMeta>;
  const wanted = new Map<string, Set<number>>();
  for (const change of changes) {
    const target = namedTarget(fields[change.field]);
    if (!target) continue;
    for (const text of [change.old, change.new]) if (text !== null && /^\d+$/.test(text)) (wanted.get(target) ?? wanted.set(target, new Set()).get(target)!).add(Number(text));
  }
  if (wanted.size === 0) return changes;
  const names = new Map<string, string>();
  for (const [target, ids] of wanted) {
    const rows = (await db(entities[target as EntityName].table).whereIn('id', [...ids]).select('id', 'name')) as { id: number; name: string | null }[];
    for (const row of rows) if (row.name) names.set(`${target}:${Number(row.id)}`, row.name);
  }
  const named = (target: string | undefined, text: string | null) => (target && text !== null ? (names.get(`${target}:${text}`) ?? text) : text);
  return changes.map((change) => {
    const target = namedTarget(fields[change.field]);
    return target ? { ...change, old: named(target, change.old), new: named(target, change.new) } : change;
  });
}

function namedTarget(field: FieldMeta | undefined): string | undefined {
  if (field?.type !== 'ref' || !field.to) return undefined;
  const target = (entities as Record<string, EntityMeta>)[field.to];
  return target?.fields['name'] ? field.to : undefined;
}
