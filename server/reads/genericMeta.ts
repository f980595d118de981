import type { AuditAction } from '../writes/records';

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

/** A spec-declared list, get or child list of one entity, served with no hand-written code (reads/genericList.ts). */
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
  filters: {
    param: string;
    match: 'search' | 'eq' | 'in' | 'gte' | 'lte' | 'subtree' | 'not_own' | 'has' | 'set';
    fields: string[];
    has?: { table: string; column: string };
  }[];
  scope?: { kind: 'tree' | 'own'; field: string; rootReadsTree?: true };
  /**
   * A create or update (http/genericWrite.ts): the input schema's `fields`, `requires` (a field
   * set only with another) and `lookup`. Uniqueness is the database's: its violation answers 409 duplicate_value.
   */
  write?: {
    fields: string[];
    requires: Record<string, string>;
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
