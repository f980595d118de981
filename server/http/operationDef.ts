import type { Knex } from 'knex';
import type { Actor, Records } from '../writes/records';
import type { OperationTypes } from '../generated/types';
import type { Guard } from '../modules/auth/guard';
import type { SessionUser } from '../modules/auth/sessionUser';
import type { CommittedVersions } from '../writes/dataVersions';
import type { GenericMeta, Page } from '../reads/genericMeta';

export type { GenericMeta, Page, PreparedPage } from '../reads/genericMeta';

export type OperationId = keyof OperationTypes;

/** A record's stored row, read in the caller's scope by its get operation's meta and locked for the transaction. */
export interface LockedRow {
  meta: GenericMeta;
  id: number;
  row: Record<string, unknown>;
}

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
  /**
   * The row of the record a write is under, as the router locked and read it in the caller's
   * scope (PostgreSQL), before the handler ran; taken by the handler's first read of it
   * (reads/recordParts.ts storedRowInScope).
   */
  locked?: LockedRow;
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
  /** The name is plain ASCII by construction (safe characters only): sent as `filename` alone. */
  plainName?: true;
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
  /** Whose record the {id} names and who may reach it (docs/spec-design.md "Whose record an {id} names"). */
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
