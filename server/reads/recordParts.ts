import type { Knex } from 'knex';
import { decodeRow } from '../db/codec';
import { apiSchemas } from '../generated/apiSchemas';
import type { EntityName } from '../generated/entities';
import { operations } from '../generated/operations';
import { notSignedIn } from '../domain/errors';
import type { OperationDef, OperationId } from '../http/operationDef';
import type { SessionUser } from '../modules/auth/sessionUser';
import type { GenericMeta } from './genericMeta';
import { genericGet } from './genericList';

type Row = Record<string, unknown>;

/** The fields of an entity that an API schema shows, as the spec lists them. */
export function fieldsOf(schema: keyof typeof apiSchemas.definitions, except: string[] = []): string[] {
  return Object.keys(apiSchemas.definitions[schema].properties).filter((name) => !except.includes(name));
}

/**
 * The generated meta of a generic operation: hand-written neighbours reuse its scope, filters and
 * fields instead of restating them. Looked up on use, since the operations table imports the
 * handlers that call this.
 */
export function genericMetaOf(operationId: OperationId): GenericMeta {
  return operationOf(operationId).generic;
}

/** The generated entry of a generic operation, with its caller conditions (permission, module, guard). */
export function operationOf(operationId: OperationId): OperationDef & { generic: GenericMeta } {
  const operation = operations.find((candidate) => candidate.id === operationId);
  if (!operation?.generic) throw new Error(`${operationId} is no longer a generic operation`);
  return { ...operation, generic: operation.generic };
}

/** Who reads: the database (or the transaction) and the caller. */
export interface Reader {
  db: Knex;
  user: SessionUser | undefined;
}

/** The record as its generic get answers it: a 404 outside the caller's scope, as if missing. */
export async function visibleRecord(getOperationId: OperationId, id: number, { db, user }: Reader): Promise<Row> {
  if (!user) throw notSignedIn();
  return (await genericGet(db, genericMetaOf(getOperationId), { params: { id }, query: {}, user })) as Row;
}

/** The rows of a child table belonging to one parent, in id order. */
export async function childRows(db: Knex, table: string, parentColumn: string, parentId: number): Promise<Row[]> {
  return (await db(table).where(parentColumn, parentId).orderBy('id')) as Row[];
}

export const decodeAll = <T>(entity: EntityName, rows: Row[], fields: string[]): T[] =>
  rows.map((row) => decodeRow<T>(entity, row, fields));
