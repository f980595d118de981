import type { Knex } from 'knex';
import type { Actor, AuditAction, Records } from '../writes/records';
import type { OperationTypes } from '../generated/types';
import type { Guard } from '../modules/auth/guard';
import type { SessionUser } from '../modules/auth/sessionUser';
import type { CommittedVersions } from '../writes/dataVersions';

export type OperationId = keyof OperationTypes;

/** What a handler may touch besides its validated input: the database, the caller, cookies. */
export interface RequestContext {
  /** The database, or for a write the request's transaction (everything it does commits or rolls back together). */
  db: Knex;
  /** The write path (server/writes/records.ts) joined to `db`, acting as the caller. */
  records: Records;
  actor: Actor;
  /** The signed-in user; always set for operations with auth: session. */
  user: SessionUser | undefined;
  ip: string;
  /**
   * The data versions committed when the caller's session row was read (with it, after the
   * request arrived): the versioned caches use them instead of reading them again. Unset for a
   * caller without a session.
   */
  versions?: CommittedVersions;
  cookies: {
    get(name: string): string | undefined;
    set(name: string, value: string | null, options?: { httpOnly?: boolean; maxAge?: number }): void;
    /** A new CSRF token for the session now in force (its token), or a random one when signed out. */
    renewCsrf(sessionToken: string | null): void;
  };
  now(): number;
}

export interface HandlerInput<K extends OperationId> {
  params: OperationTypes[K]['params'];
  query: OperationTypes[K]['query'];
  body: OperationTypes[K]['body'];
  /** The image files sent with the body (spec `files`), each checked by content; absent parts are missing. */
  files?: OperationTypes[K]['files'];
}

/** What an operation answering a file returns: the bytes, the name it is saved under, its type. */
export interface FileAnswer {
  /** A stream is sent as it is read (a feed's file, built page by page from the database). */
  content: Buffer | string | NodeJS.ReadableStream;
  fileName: string;
  contentType: string;
  /** How long browsers may keep it (a branding image named by its content's token: a year); default no-store. */
  cacheControl?: string;
}

/** A page of rows and the total matching the filters; the router turns it into x-total-* headers. */
export interface Page<Row> {
  rows: Row[];
  total: number;
}

/**
 * A page already serialised (a cached one, server/modules/catalogue/pageCache.ts): the router
 * sends its bytes as they are, with its ETag (304 to a matching If-None-Match) and Cache-Control.
 */
export interface PreparedPage<Row = unknown> extends Page<Row> {
  json: Buffer;
  etag: string;
  cacheControl: string;
}

type HandlerResult<K extends OperationId> = OperationTypes[K]['paged'] extends true
  ? OperationTypes[K]['response'] extends (infer Row)[]
    ? Page<Row>
    : never
  : OperationTypes[K]['response'];

export type Handler<K extends OperationId> = (input: HandlerInput<K>, context: RequestContext) => Promise<HandlerResult<K>>;

type JsonSchema = Record<string, unknown>;

/** One generated entry of server/generated/operations.ts. */
export interface OperationDef {
  id: OperationId;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Koa path under /api/v1 (`/products/:id`). */
  path: string;
  auth: 'public' | 'session';
  permission?: string;
  /** The module the caller's organisation must subscribe to. */
  module?: 'WEBSTORE' | 'DOVETAIL';
  /** Checked after `permission`: 403 when the caller fails it (002 §6 "root, or …"). */
  guard?: Guard;
  status: number;
  /** A file answer (`response: { file: [...] }`): the handler answers a FileAnswer. */
  file?: readonly string[];
  paged?: boolean;
  paramsSchema: JsonSchema;
  querySchema: JsonSchema;
  bodySchema?: JsonSchema;
  /** Image files the body may come with as multipart/form-data (server/http/uploads.ts). */
  files?: readonly { name: string; maxBytes: number }[];
  // The generated table checks each handler against its own operation with `satisfies`.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handler?: (input: any, context: RequestContext) => Promise<unknown>;
  generic?: GenericMeta;
  /**
   * A write under /…/{id}: the get showing the record it changes and that record's entity. The
   * router locks the row for the request's transaction and compares If-Match with the get's
   * ETag; `same` when the write answers the record as the get does (its answer carries the ETag).
   */
  record?: { get: string; entity: string; same: boolean };
  /** A get of one record: its answer carries an ETag (a hash of the body) and honours If-None-Match. */
  etag?: boolean;
  /** Whose record the {id} names and who may reach it (docs/spec.md "Whose record an {id} names"). */
  access?: AccessRule;
}

type PlainValue = string | number | boolean;

/**
 * The record an {id} names: one of `entity` within `scope` (none: not an organisation's record)
 * or matching `shared`, among those matching `where`; with `of`, one those get operations answer.
 */
export interface AccessRule {
  entity: string;
  scope?: { kind: 'tree' | 'own'; field: string; rootReadsTree?: true };
  shared?: Record<string, PlainValue>;
  where?: Record<string, PlainValue[]>;
  of?: string[];
}

/** A spec-declared list, get or child list of one entity, served with no hand-written code (http/genericList.ts). */
export interface GenericMeta {
  kind: 'list' | 'get' | 'children' | 'create' | 'update' | 'action' | 'delete';
  entity: string;
  /** Schema properties that are fields of the entity. */
  fields: string[];
  /** Schema properties that show the record a ref field points at. */
  expand: { property: string; via: string; entity: string; fields: string[] }[];
  /** Schema properties that list child rows of each row: rows of `entity` whose ref `via` points at it. */
  nested?: { property: string; via: string; entity: string; fields: string[] }[];
  /**
   * A child list of one record: `of` is the parent's get operation, run first so that a parent
   * outside the caller's reach answers for the child list (404 or 403); `via` holds the parent's
   * id and `where` fixes other fields (the audit log's entity_type).
   */
  children?: { of: string; via: string; where: Record<string, string | number | boolean>; defaultSort: string };
  /** Integer properties counting child rows that point at the record (a subquery of the row query). */
  counts?: { property: string; table: string; column: string }[];
  /** Schema properties showing the newest child row of `entity` (ref `via` to the record, newest by `by`), or null. */
  latest?: { property: string; entity: string; via: string; by: string; fields: string[] }[];
  /** Booleans saying whether a column holds a value (a private one's value stays in the database). */
  present?: { property: string; column: string }[];
  sort: string[];
  /**
   * `has`: a boolean parameter keeping the rows with (true) or without (false) child rows in
   * `has.table`; `not_own`: true leaves out the caller's own organisation's rows; `set`: the field
   * has a value (true) or is null (false).
   */
  filters: { param: string; match: 'search' | 'eq' | 'in' | 'gte' | 'lte' | 'subtree' | 'not_own' | 'has' | 'set'; fields: string[]; has?: { table: string; column: string } }[];
  scope?: { kind: 'tree' | 'own'; field: string; rootReadsTree?: true };
  /**
   * A create or update (http/genericWrite.ts): the input schema's `fields`, `requires` (a field
   * set only with another), `set` (fields the server fills from the caller or the clock) and
   * `lookup`. Uniqueness is the database's: its violation answers 409 duplicate_value.
   */
  write?: {
    fields: string[];
    requires: Record<string, string>;
    set?: Record<string, 'caller.organisation' | 'caller.user' | 'caller.currency' | 'now'>;
    /** Fields whose value must name a row of another entity by one of its unique fields. */
    lookup?: Record<string, { entity: string; field: string }>;
  };
  /** An action (enable, disable): the values it writes and the audit action it is recorded as. */
  action?: { values: Record<string, string | number | boolean | null>; audit: AuditAction };
  /** A delete: child rows removed with the record, and child rows that forbid it (409 `problem`). */
  remove?: {
    cascade: { entity: string; via: string; table: string; column: string }[];
    restrict: { entity: string; via: string; table: string; column: string; problem: string }[];
  };
  /** An action or delete applies only to a record matching these values (else 409 invalid_state). */
  when?: Record<string, string | number | boolean | null>;
  /** An action or delete is refused on the caller's own organisation or own user (403 own_record). */
  notSelf?: boolean;
}
