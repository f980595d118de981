import type { Knex } from 'knex';
import { decodeRow } from '../db/codec';
import { apiSchemas } from '../generated/apiSchemas';
import type { EntityName } from '../generated/entities';
import { operations } from '../generated/operations';
import { notSignedIn } from '../domain/errors';
import type { OperationDef, OperationId, RequestContext } from '../http/operationDef';
import type { SessionUser } from '../modules/auth/sessionUser';
import type { GenericMeta } from './genericMeta';
import { genericGet, rowInScope } from './genericList';

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

/** The generic meta of an operation, or undefined for a hand-written one. */
export function genericMetaIfAny(operationId: string): GenericMeta | undefined {
  return operationsById().get(operationId)?.generic;
}

/** The generated entry of a generic operation, with its caller conditions (permission, module, guard). */
export function operationOf(operationId: OperationId): OperationDef & { generic: GenericMeta } {
  const operation = operationsById().get(operationId);
  if (!operation?.generic) throw new Error(`${operationId} is no longer a generic operation`);
  return { ...operation, generic: operation.generic };
}

let byId: Map<string, OperationDef> | undefined;
/** The operations by id, made on first use (writes look their record's get operation up on every request). */
function operationsById(): Map<string, OperationDef> {
  byId ??= new Map(operations.map((operation) => [operation.id, operation as OperationDef]));
  return byId;
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

/**
 * The record's stored row in the caller's scope (404 outside it), for a write under it: the row the
 * router locked and read for this request (RequestContext.locked) when it is this one, else read
 * now. Taken once: a later read, after the handler's own writes, reads again.
 */
export async function storedRowInScope(context: RequestContext, getOperationId: OperationId, id: number): Promise<Row> {
  if (!context.user) throw notSignedIn();
  const meta = genericMetaOf(getOperationId);
  const locked = context.locked;
  if (locked && locked.meta === meta && locked.id === id) {
    context.locked = undefined;
    return locked.row;
  }
  return rowInScope(context.db, meta, { params: { id }, query: {}, user: context.user });
}

/** The rows of a child table belonging to one parent, in id order. */
export async function childRows(db: Knex, table: string, parentColumn: string, parentId: number): Promise<Row[]> {
  return (await db(table).where(parentColumn, parentId).orderBy('id')) as Row[];
}

export const decodeAll = <T>(entity: EntityName, rows: Row[], fields: string[]): T[] =>
  rows.map((row) => decodeRow<T>(entity, row, fields));
