import { encodeValue } from '../db/codec';
import type { FieldMeta } from '../db/entityMeta';
import { DomainError } from '../domain/errors';
import { entities, type EntityName } from '../generated/entities';

// What the write path (records.ts) makes of a record's values before they are written: trimmed,
// then encoded as stored (docs/storage.md), money refused where the database could not hold it.

type Values = Record<string, unknown>;
type Row = Record<string, unknown>;

/** Text types whose values are trimmed before they are stored (never a secret: a password's spaces are its own). */
const TRIMMED = new Set(['string', 'email', 'url', 'phone']);

export function fieldsOf(entity: EntityName): Record<string, FieldMeta> {
  return entities[entity].fields as Record<string, FieldMeta>;
}

export function fieldOf(entity: EntityName, name: string): FieldMeta {
  const field = fieldsOf(entity)[name];
  if (!field) throw new Error(`${entity} has no field ${name}`);
  return field;
}

/**
 * Money and decimals are stored as integers scaled by 10^scale (docs/storage.md). SQLite's driver
 * reads them back as JavaScript numbers, exact only up to 2^53 - 1, and PostgreSQL's bigint ends
 * at 2^63: a value past 2^53 - 1 scaled (900,719,925,474.0991 for money) is refused as bad input on
 * both databases, never PostgreSQL's out-of-range 500 or SQLite's silent rounding (issue 22).
 */
const STORED_LIMIT = BigInt(Number.MAX_SAFE_INTEGER);
function fitsBigint(scaled: string): boolean {
  const value = BigInt(scaled);
  return value <= STORED_LIMIT && value >= -STORED_LIMIT;
}

/** The values as they are stored: none left undefined, text of the TRIMMED types trimmed (never a private field's). */
export function preparedValues(entity: EntityName, values: Values): Values {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => {
        const field = fieldOf(entity, name);
        return [name, typeof value === 'string' && TRIMMED.has(field.type) && !field.private ? value.trim() : value];
      }),
  );
}

/** The prepared values as the entity's columns hold them; money or a decimal too large to store is a 400. */
export function encodedRow(entity: EntityName, values: Values): Row {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      const field = fieldOf(entity, name);
      const encoded = encodeValue(field, value);
      if ((field.type === 'money' || field.type === 'decimal') && encoded !== null && !fitsBigint(String(encoded))) {
        throw new DomainError('invalid', 'value_too_large', { field: name, detail: `${name} is larger than can be stored` });
      }
      return [field.column, encoded];
    }),
  );
}
