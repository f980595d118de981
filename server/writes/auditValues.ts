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
    const instant =
      value instanceof Date ? value : new Date(typeof value === 'number' || /^\d+$/.test(String(value)) ? Number(value) : String(value));
    if (!Number.isNaN(instant.getTime())) return instant.toISOString();
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Ids wanted of each entity a reference points at. */
export type Wanted = Map<string, Set<number>>;

/** Adds `id` of `target` to `wanted`. */
export function want(wanted: Wanted, target: string, id: number): void {
  (wanted.get(target) ?? wanted.set(target, new Set()).get(target)!).add(id);
}

/**
 * The rows `wanted` names that exist, each with its name (null for an entity without one), keyed
 * `<entity>:<id>`: one query for every entity at once (UNION ALL), where a query per entity and
 * per reference was made before. Entity and table names come from the generated metadata.
 */
export async function referencedRows(db: Knex, wanted: Wanted): Promise<Map<string, string | null>> {
  const parts: string[] = [];
  const bindings: number[] = [];
  for (const [target, ids] of wanted) {
    const meta = (entities as Record<string, EntityMeta>)[target];
    if (!meta || ids.size === 0) continue;
    const name = meta.fields['name'] ? 'cast(name as text)' : 'cast(null as text)';
    parts.push(`select '${target}' as entity, id, ${name} as name from ${meta.table} where id in (${[...ids].map(() => '?').join(', ')})`);
    bindings.push(...ids);
  }
  const found = new Map<string, string | null>();
  if (parts.length === 0) return found;
  const result = (await db.raw(parts.join(' union all '), bindings)) as { rows?: unknown[] } | unknown[];
  const rows = (Array.isArray(result) ? result : (result.rows ?? [])) as { entity: string; id: number | string; name: string | null }[];
  for (const row of rows) found.set(`${row.entity}:${Number(row.id)}`, row.name ?? null);
  return found;
}

/**
 * A reference shows the name of what it points at, as on the record screen (organisation `2` is
 * "Customer Co Ltd"), kept as it was when the change was made: one query for every entity
 * referred to, none for names in `known` (read by the write's reference check). A reference to an
 * entity without a name keeps its id.
 */
export async function withReferenceNames(
  db: Knex,
  entity: EntityName,
  changes: FieldChange[],
  known?: ReadonlyMap<string, string | null>,
): Promise<FieldChange[]> {
  const fields = entities[entity].fields as Record<string, FieldMeta>;
  const wanted: Wanted = new Map();
  for (const change of changes) {
    const target = namedTarget(fields[change.field]);
    if (!target) continue;
    for (const text of [change.old, change.new])
      if (text !== null && /^\d+$/.test(text) && !known?.has(`${target}:${text}`)) want(wanted, target, Number(text));
  }
  const names = wanted.size === 0 ? new Map<string, string | null>() : await referencedRows(db, wanted);
  const named = (target: string | undefined, text: string | null) =>
    target && text !== null ? (names.get(`${target}:${text}`) ?? known?.get(`${target}:${text}`) ?? text) : text;
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
