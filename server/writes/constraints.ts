import { DomainError, duplicateValue, invalidValue } from '../domain/errors';
import { entities, type EntityName } from '../generated/entities';
import type { FieldMeta } from '../db/entityMeta';

interface DatabaseError {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  column?: unknown;
}

/**
 * The entity's fields whose columns the database's words name ("Key (lower(email_address::text))",
 * an index "feeds_organisation_id_lower_name_unique"), value fields before references. Longer
 * column names are taken first, so "organisation_id" is not also read as "id".
 */
function fieldsNamed(entity: EntityName, text: string): string[] {
  const fields = Object.entries(entities[entity].fields as Record<string, FieldMeta>).sort(
    ([, a], [, b]) => b.column.length - a.column.length,
  );
  let rest = text.toLowerCase();
  const named: [string, FieldMeta][] = [];
  for (const [name, field] of fields) {
    const pattern = new RegExp(`(^|[^a-z0-9])${field.column}(?=$|[^a-z0-9])`, 'g');
    if (!pattern.test(rest)) continue;
    named.push([name, field]);
    rest = rest.replace(pattern, '$1 ');
  }
  return [...named.filter(([, field]) => field.type !== 'ref'), ...named.filter(([, field]) => field.type === 'ref')].map(([name]) => name);
}

/** What names the columns: PostgreSQL's detail and constraint, SQLite's words after "constraint failed:" (not Knex's copy of the SQL). */
function constraintWords(error: DatabaseError & { constraint?: unknown }): string {
  const message = String(error.message ?? '');
  const failed = message.lastIndexOf('constraint failed:');
  if (failed >= 0) return message.slice(failed + 'constraint failed:'.length);
  return `${String(error.detail ?? '')} ${String(error.constraint ?? '')}`;
}

/**
 * A constraint the database enforced, as the domain error a check before the write would have
 * raised: a unique index → 409 duplicate_value naming the field (a race two requests ran side by
 * side lands here), a missing reference → 422 unknown_value, a row still referenced → 409
 * record_in_use, a missing required value → 400. Anything else is not the caller's doing.
 */
export function constraintError(entity: EntityName, error: unknown, writing: 'insert' | 'update' | 'delete'): DomainError | undefined {
  const { code, message, detail, column } = (error ?? {}) as DatabaseError;
  const said = `${String(detail ?? '')} ${String(message ?? '')}`;
  const text = constraintWords(error as DatabaseError);
  const sqlite = typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT');
  if (code === '23505' || (sqlite && said.includes('UNIQUE constraint failed'))) {
    return duplicateValue(fieldsNamed(entity, text)[0] ?? 'body');
  }
  if (code === '23503' || (sqlite && said.includes('FOREIGN KEY constraint failed'))) {
    if (writing === 'delete' || said.includes('still referenced'))
      return new DomainError('conflict', 'record_in_use', { detail: 'other records still refer to this one' });
    const field =
      fieldsNamed(entity, text).find((name) => (entities[entity].fields as Record<string, FieldMeta>)[name]?.type === 'ref') ?? 'body';
    return new DomainError('unprocessable', 'unknown_value', { field, detail: `${field} names no record` });
  }
  if (code === '23502' || (sqlite && said.includes('NOT NULL constraint failed'))) {
    const field = typeof column === 'string' ? (fieldsNamed(entity, column)[0] ?? column) : (fieldsNamed(entity, text)[0] ?? 'body');
    return invalidValue(field, `${field} is required`);
  }
  return undefined;
}
