import { describe, expect, it } from 'vitest';
import type { PendingAudit, PendingEntry } from '../modules/audit/auditTrail';
import { settleStatement, type SettleInsert, type SettleRemove, type SettleUpdate } from './settleStatement';

const ENTRY: PendingEntry = {
  key: 'order:7:APPROVE',
  row: {
    entity_type: 'order',
    entity_id: 7,
    timestamp: 1000,
    ip_address: '127.0.0.1',
    action: 'APPROVE',
    user_id: 2,
    on_behalf_id: null,
    api_client: null,
  },
};
const ACTION = { user_id: 2, timestamp: 1000, ip_address: '127.0.0.1', action: 'APPROVE', on: 'order 7', on_behalf_id: null };
const nothing: PendingAudit = { entries: [], actions: [], changes: [] };

const ENTRIES_CLAUSE =
  'entries as (insert into "audit_log_entries" ("action", "api_client", "entity_id", "entity_type", "ip_address", "on_behalf_id", "timestamp", "user_id") values (?, ?, ?, ?, ?, ?, ?, ?) returning "id", "entity_type", "entity_id", "action")';
const ACTIONS_CLAUSE =
  'actions as (insert into "user_actions" ("action", "ip_address", "on", "on_behalf_id", "timestamp", "user_id") values (?, ?, ?, ?, ?, ?))';
const CHANGE_ROW = '(?::integer, ?::text, ?::integer, ?::text, ?::text, ?::text, ?::text)';
const CHANGE_COLUMNS = '"entry_id", "entity_type", "entity_id", "action", "field", "old_value", "new_value"';
const ENTRY_BINDINGS = ['APPROVE', null, 7, 'order', '127.0.0.1', null, 1000, 2];
const ACTION_BINDINGS = ['APPROVE', '127.0.0.1', 'order 7', null, 1000, 2];

// Given what a transaction's trail holds, the versions it touched and the rows it left to insert
// and to delete, the one statement that settles it on PostgreSQL.
const cases: {
  name: string;
  pending: PendingAudit;
  versions: string[];
  inserts?: SettleInsert[];
  removes?: SettleRemove[];
  updates?: SettleUpdate[];
  want: ReturnType<typeof settleStatement>;
}[] = [
  { name: 'nothing to write: no statement', pending: nothing, versions: [], want: undefined },
  {
    name: 'versions only',
    pending: nothing,
    versions: ['access', 'orders'],
    want: {
      sql: 'with versions as (insert into "data_versions" ("name", "version") values (?, 1), (?, 1) on conflict ("name") do update set "version" = "data_versions"."version" + 1) select 1 as "settled"',
      bindings: ['access', 'orders'],
    },
  },
  {
    name: 'a new entry, its action taken and change, and a version: the change finds its entry by what it records',
    pending: {
      entries: [ENTRY],
      actions: [ACTION],
      changes: [{ entry: ENTRY, field: 'status', old_value: 'PENDING_AUTHORISATION', new_value: 'CREATED' }],
    },
    versions: ['orders'],
    want: {
      sql:
        `with ${ENTRIES_CLAUSE}, ${ACTIONS_CLAUSE}, changes as (insert into "audit_field_changes" ("entry_id", "field", "old_value", "new_value") ` +
        `select coalesce(c."entry_id", e."id"), c."field", c."old_value", c."new_value" from (values ${CHANGE_ROW}) as c(${CHANGE_COLUMNS}) ` +
        'left join entries e on e."entity_type" = c."entity_type" and e."entity_id" = c."entity_id" and e."action" = c."action"), ' +
        'versions as (insert into "data_versions" ("name", "version") values (?, 1) on conflict ("name") do update set "version" = "data_versions"."version" + 1) ' +
        'select "id", "entity_type", "entity_id", "action" from entries',
      bindings: [
        ...ENTRY_BINDINGS,
        ...ACTION_BINDINGS,
        null,
        'order',
        7,
        'APPROVE',
        'status',
        'PENDING_AUTHORISATION',
        'CREATED',
        'orders',
      ],
    },
  },
  {
    name: 'a change of an entry an earlier settle wrote: named by its id, no entry written',
    pending: { entries: [], actions: [], changes: [{ entry: 41, field: 'total', old_value: null, new_value: '3.00' }] },
    versions: [],
    want: {
      sql:
        'with changes as (insert into "audit_field_changes" ("entry_id", "field", "old_value", "new_value") ' +
        `select c."entry_id", c."field", c."old_value", c."new_value" from (values ${CHANGE_ROW}) as c(${CHANGE_COLUMNS})) select 1 as "settled"`,
      bindings: [41, null, null, null, 'total', null, '3.00'],
    },
  },
  {
    name: 'e-mails queued in the transaction: inserted in the same statement, before the versions',
    pending: { entries: [ENTRY], actions: [], changes: [] },
    versions: ['orders'],
    inserts: [
      {
        table: 'outbox_messages',
        rows: [
          { topic: 'mail', payload: '{"to":"a"}', created_at: 1000, available_at: 1000 },
          { topic: 'mail', payload: '{"to":"b"}', created_at: 1000, available_at: 1000 },
        ],
      },
    ],
    want: {
      sql:
        `with ${ENTRIES_CLAUSE}, inserted_0 as (insert into "outbox_messages" ("available_at", "created_at", "payload", "topic") values (?, ?, ?, ?), (?, ?, ?, ?)), ` +
        'versions as (insert into "data_versions" ("name", "version") values (?, 1) on conflict ("name") do update set "version" = "data_versions"."version" + 1) ' +
        'select "id", "entity_type", "entity_id", "action" from entries',
      bindings: [...ENTRY_BINDINGS, 1000, 1000, '{"to":"a"}', 'mail', 1000, 1000, '{"to":"b"}', 'mail', 'orders'],
    },
  },
  {
    name: 'only rows to insert',
    pending: nothing,
    versions: [],
    inserts: [{ table: 'outbox_messages', rows: [{ topic: 'mail', payload: '{}', created_at: 1, available_at: 1 }] }],
    want: {
      sql: 'with inserted_0 as (insert into "outbox_messages" ("available_at", "created_at", "payload", "topic") values (?, ?, ?, ?)) select 1 as "settled"',
      bindings: [1, 1, '{}', 'mail'],
    },
  },
  {
    name: 'a record and its children to delete: a clause each, children first, after the inserts',
    pending: { entries: [ENTRY], actions: [], changes: [] },
    versions: [],
    inserts: [{ table: 'outbox_messages', rows: [{ topic: 'mail', payload: '{}' }] }],
    removes: [
      { table: 'basket_line_items', column: 'basket_id', id: 8 },
      { table: 'baskets', column: 'id', id: 8 },
    ],
    want: {
      sql:
        `with ${ENTRIES_CLAUSE}, inserted_0 as (insert into "outbox_messages" ("payload", "topic") values (?, ?)), ` +
        'removed_0 as (delete from "basket_line_items" where "basket_id" = ?), removed_1 as (delete from "baskets" where "id" = ?) ' +
        'select "id", "entity_type", "entity_id", "action" from entries',
      bindings: [...ENTRY_BINDINGS, '{}', 'mail', 8, 8],
    },
  },
  {
    name: "a row's new values: one update, its columns as written, the row by id",
    pending: { entries: [ENTRY], actions: [], changes: [] },
    versions: [],
    updates: [{ table: 'orders', id: 7, values: { status: 'CREATED', attention_required: null } }],
    want: {
      sql:
        `with ${ENTRIES_CLAUSE}, updated_0 as (update "orders" set "status" = ?, "attention_required" = ? where "id" = ?) ` +
        'select "id", "entity_type", "entity_id", "action" from entries',
      bindings: [...ENTRY_BINDINGS, 'CREATED', null, 7],
    },
  },
  {
    name: 'an update holding a value that is not plain (an array): none (settled table by table)',
    pending: nothing,
    versions: [],
    updates: [{ table: 'orders', id: 7, values: { tags: ['a'] } }],
    want: undefined,
  },
  {
    name: 'only a record to delete',
    pending: nothing,
    versions: [],
    removes: [{ table: 'baskets', column: 'id', id: 9 }],
    want: { sql: 'with removed_0 as (delete from "baskets" where "id" = ?) select 1 as "settled"', bindings: [9] },
  },
  {
    name: 'rows to insert that differ in their columns: none (settled table by table)',
    pending: nothing,
    versions: [],
    inserts: [{ table: 'outbox_messages', rows: [{ topic: 'mail', payload: '{}' }, { topic: 'mail' }] }],
    want: undefined,
  },
  {
    name: 'more rows to insert than one statement carries: none',
    pending: nothing,
    versions: [],
    inserts: [{ table: 'outbox_messages', rows: Array.from({ length: 101 }, () => ({ topic: 'mail', payload: '{}' })) }],
    want: undefined,
  },
  {
    name: 'more entries than one statement carries: none (settled table by table)',
    pending: {
      entries: Array.from({ length: 101 }, (_, index) => ({ key: `order:${index}:UPDATE`, row: ENTRY.row })),
      actions: [],
      changes: [],
    },
    versions: ['orders'],
    want: undefined,
  },
];

describe('settleStatement', () => {
  it.each(cases)('$name', ({ pending, versions, inserts, removes, updates, want }) => {
    expect(settleStatement(pending, versions, { inserts, removes, updates })).toEqual(want);
  });
});
