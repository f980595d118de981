import { entities, type EntityName } from '../generated/entities';
import type { FieldMeta } from './entityMeta';
import { fromScaled, toScaled } from './scaled';

/** A stored value as the API shows it (docs/storage.md). */
export function decodeValue(field: FieldMeta, stored: unknown): unknown {
  if (stored === null || stored === undefined) return null;
  switch (field.type) {
    case 'boolean':
      return stored === true || stored === 1 || stored === '1' || stored === 't';
    case 'money':
    case 'decimal':
      return fromScaled(stored as string | number, field.scale);
    case 'timestamp':
      return new Date(Number(stored)).toISOString();
    case 'enum_list':
      return JSON.parse(String(stored)) as unknown;
    case 'id':
    case 'ref':
    case 'integer':
      return Number(stored);
    default:
      return stored;
  }
}

/** An API value as it is stored. */
export function encodeValue(field: FieldMeta, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (field.type) {
    case 'money':
    case 'decimal':
      return toScaled(value as string, field.scale);
    case 'timestamp':
      return typeof value === 'number' ? value : Date.parse(String(value));
    case 'enum_list':
      return JSON.stringify(value);
    default:
      return value;
  }
}

/** Decodes the named fields of a row; refs come back as ids under the field's name. */
/** T is the API shape the caller knows the fields to form. */
export function decodeRow<T = Record<string, unknown>>(entity: EntityName, row: Record<string, unknown>, fieldNames: readonly string[]): T {
  const fields: Record<string, FieldMeta> = entities[entity].fields;
  return Object.fromEntries(
    fieldNames.map((name) => {
      const field = fields[name];
      if (!field) throw new Error(`${entity} has no field ${name}`);
      return [name, decodeValue(field, row[field.column])];
    }),
  ) as T;
}

/** Encodes API values of an entity into a row of columns. */
export function encodeRow(entity: EntityName, values: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, FieldMeta> = entities[entity].fields;
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      const field = fields[name];
      if (!field) throw new Error(`${entity} has no field ${name}`);
      return [field.column, encodeValue(field, value)];
    }),
  );
}

export function tableOf(entity: EntityName): string {
  return entities[entity].table;
}

export function columnOf(entity: EntityName, field: string): string {
  const meta = (entities[entity].fields as Record<string, FieldMeta>)[field];
  if (!meta) throw new Error(`${entity} has no field ${field}`);
  return meta.column;
}
