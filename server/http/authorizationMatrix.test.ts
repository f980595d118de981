import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import openapi from '../generated/openapi.json' with { type: 'json' };
import { operations } from '../generated/operations';
import type { AccessRule, OperationDef } from './operationDef';
import {
  callerFacts,
  columnOf,
  foreignTo,
  meets,
  organisationOf,
  reaches,
  relationOf,
  rowMatches,
  tableOf,
  type CallerFacts,
} from '../testing/callerFacts';
import { sampleOf, type Schema } from '../testing/schemaArbitraries';
import { startTestServer, type TestClient, type TestServer } from '../testing/testServer';
import { writeVersionedRows } from '../testing/versionedRows';

// The authorization matrix (docs/authorization.md, issue 10) walked against the demo tree: every
// operation of the generated table, called by every kind of caller, and every operation taking an
// id called with records of every organisation (an IDOR sweep). Each cell's expected answer comes
// from the spec (permission, module, guard, access) judged by testing/callerFacts.ts. A write the
// caller may perform is left out (its answer depends on a body the test cannot know); a write it
// may not perform must be refused without effect.

/** Demo users, and three made here at Customer Co (org 3: a parent, a child, a sibling, another tree). */
const CALLERS = [
  'admin@supplier.example', // root admin
  'staff@supplier.example', // root, neither admin nor any role
  'admin@reseller.example', // admin, not root
  'buyer@customer.example', // the demo buyer's role
  'sales@other-reseller.example', // a template role with grants of 1
  'grant2@matrix.example',
  'grant1@matrix.example',
  'nogrant@matrix.example',
];

async function addMatrixCallers(db: Knex): Promise<void> {
  const buyer = (await db('users').where('email_address', 'buyer@customer.example').first()) as Record<string, unknown>;
  const permissions = (await db('permissions').select('id')) as { id: number }[];
  await writeVersionedRows(db, async (trx) => {
    for (const value of [2, 1, 0]) {
      const { id: _id, ...fields } = buyer;
      const [user] = (await trx('users')
        .insert({
          ...fields,
          name: `Matrix grant ${value}`,
          email_address: value ? `grant${value}@matrix.example` : 'nogrant@matrix.example',
        })
        .returning('id')) as ({ id: number } | number)[];
      if (!value) continue;
      const [role] = (await trx('roles')
        .insert({ name: `Matrix grant ${value}`, organisation_id: 3, template: false })
        .returning('id')) as ({ id: number } | number)[];
      const roleId = typeof role === 'object' ? role.id : role!;
      await trx('role_permissions').insert(permissions.map((permission) => ({ role_id: roleId, permission_id: permission.id, value })));
      await trx('user_roles').insert({ user_id: typeof user === 'object' ? user.id : user, role_id: roleId });
    }
  });
}

const byId = new Map<string, OperationDef>(operations.map((operation) => [operation.id, operation]));

/** The rules an operation's record is reached by, following `of` to the gets that answer it. */
function baseRules(rule: AccessRule): AccessRule[] {
  if (!rule.of) return [rule];
  return rule.of.flatMap((id) => baseRules(byId.get(id)!.access!));
}

/** Ids to try: the first record of every organisation (of every shared and `where` kind), and one that does not exist. */
async function idsFor(db: Knex, rule: AccessRule): Promise<number[]> {
  const ids = new Set<number>();
  for (const base of baseRules(rule)) {
    const table = tableOf(base.entity);
    const first = async (query: Knex.QueryBuilder) => (await query.min({ id: 'id' }).first()) as { id: unknown } | undefined;
    const add = (row: { id: unknown } | undefined) => row?.id !== null && row?.id !== undefined && ids.add(Number(row.id));
    const scopes = base.scope ? ((await db('organisations').pluck('id')) as number[]) : [null];
    for (const organisation of scopes) {
      const inOrganisation = () => {
        const query = db(table);
        if (organisation !== null)
          query.where(base.scope!.field === 'self' ? 'id' : columnOf(base.entity, base.scope!.field), organisation);
        return query;
      };
      add(await first(inOrganisation()));
      const conditions = { ...(base.where ?? {}), ...(rule.where ?? {}) };
      for (const [field, values] of Object.entries(conditions)) {
        add(await first(inOrganisation().whereIn(columnOf(base.entity, field), values as (string | number)[])));
        add(await first(inOrganisation().whereNotIn(columnOf(base.entity, field), values as (string | number)[])));
      }
    }
    for (const [field, value] of Object.entries(base.shared ?? {})) add(await first(db(table).where(columnOf(base.entity, field), value)));
    const last = (await db(table).max({ id: 'id' }).first()) as { id: unknown } | undefined;
    ids.add(Number(last?.id ?? 0) + 1000);
  }
  return [...ids].sort((a, b) => a - b);
}

type ContractOperation = {
  responses: Record<string, { 'x-problem-codes'?: string[] }>;
  'x-gate-when'?: { when: string; guard: NonNullable<OperationDef['guard']> };
};

function contractOf(operation: OperationDef): ContractOperation {
  const paths = openapi.paths as unknown as Record<string, Record<string, ContractOperation>>;
  return paths[operation.path.replace(/:([a-z_]+)/g, '{$1}')]![operation.method]!;
}

function problemCodes(operation: OperationDef, status: string): string[] {
  return contractOf(operation).responses[status]?.['x-problem-codes'] ?? [];
}

/**
 * Answered 403 by its handler on some calls only: those its declared gate covers (the contract's
 * x-gate-when, e.g. GET /quotes's outward list), and only to a caller failing that gate. A caller
 * meeting every declared gate is never refused (issue 22: every 403 is declared).
 */
function handlerMayForbid(operation: OperationDef, caller: CallerFacts | undefined): boolean {
  const gate = contractOf(operation)['x-gate-when'];
  return gate !== undefined && caller !== undefined && !meets(caller, { guard: gate.guard });
}

/** A lookup by a path parameter other than an {id} (a company number) may find nothing, by its own 404 code. */
function handlerMayMiss(operation: OperationDef): boolean {
  return problemCodes(operation, '404').some((code) => code !== 'not_found');
}

type Expected = { status: number; or403?: boolean; or404?: boolean } | 'refused' | 'skip';

interface Cell {
  operation: OperationDef;
  caller: string;
  id?: number;
  relation: string;
}

describe('the authorization matrix (docs/authorization.md)', () => {
  let server: TestServer;
  const clients = new Map<string, TestClient>();
  const facts = new Map<string, CallerFacts>();
  const tally = { cells: 0, checked: 0, skipped: 0, failures: 0, idCells: 0 };

  beforeAll(async () => {
    server = await startTestServer();
    await addMatrixCallers(server.db);
    for (const email of CALLERS) {
      const client = server.client();
      const login = await client.login(email);
      if (login.status !== 200) throw new Error(`${email} could not sign in: ${login.text}`);
      clients.set(email, client);
      facts.set(email, await callerFacts(server.db, email));
    }
    clients.set('signed out', server.client());
  }, 120_000);

  afterAll(async () => {
    console.log(
      `authorization matrix: ${tally.cells} cells (${tally.idCells} with an id), ${tally.checked} checked, ${tally.skipped} permitted writes left out, ${tally.failures} failures`,
    );
    await server.close();
  });

  async function expected(cell: Cell): Promise<Expected> {
    const { operation } = cell;
    const caller = facts.get(cell.caller);
    const writes = operation.method !== 'get';
    if (operation.auth === 'session' && !caller) return { status: 401 };
    const single = operation.access?.of?.length === 1 ? byId.get(operation.access.of[0]!)! : undefined;
    const mayCall = caller ? meets(caller, operation) && (!single || meets(caller, single)) : operation.guard === undefined;
    if (!mayCall) return { status: 403 };
    const reached = cell.id === undefined || (await reaches(server.db, operations, operation, caller, cell.id));
    if (writes) return reached ? 'skip' : 'refused';
    if (reached) return { status: operation.status, or403: handlerMayForbid(operation, caller), or404: handlerMayMiss(operation) };
    // A record of another organisation is a 403 where its entity says so (001 §2 quotes), else as if missing.
    return { status: caller && cell.id !== undefined && (await foreignTo(server.db, operations, operation, caller, cell.id)) ? 403 : 404 };
  }

  function request(cell: Cell): Promise<{ status: number; text: string }> {
    const client = clients.get(cell.caller)!;
    const path = `/api/v1${cell.operation.path.replace(/:([a-z_]+)/g, (_match, name: string) => (name === 'id' ? String(cell.id) : '1'))}`;
    if (cell.operation.method === 'get') return client.get(path);
    const body = cell.operation.bodySchema ? sampleOf(cell.operation.bodySchema as Schema, 20261125) : undefined;
    return client.send(cell.operation.method.toUpperCase() as 'POST', path, body);
  }

  /** Runs one cell; answers a line describing it when the answer is not the expected one. */
  async function check(cell: Cell): Promise<string | undefined> {
    tally.cells++;
    if (cell.id !== undefined) tally.idCells++;
    const want = await expected(cell);
    if (want === 'skip') {
      tally.skipped++;
      return undefined;
    }
    tally.checked++;
    const answer = await request(cell);
    const fine =
      want === 'refused'
        ? answer.status >= 400 && answer.status < 500 && answer.status !== 401
        : answer.status === want.status || (want.or403 === true && answer.status === 403) || (want.or404 === true && answer.status === 404);
    if (fine) return undefined;
    tally.failures++;
    const wanted = want === 'refused' ? 'a 4xx refusal' : String(want.status);
    return `${cell.caller}${cell.id === undefined ? '' : ` id ${cell.id} (${cell.relation})`}: wanted ${wanted}, got ${answer.status} ${answer.text.slice(0, 160)}`;
  }

  it.each(operations.map((operation) => [operation.id, operation] as const))(
    '%s',
    async (_id, operation) => {
      const ids = operation.access ? await idsFor(server.db, operation.access) : [undefined];
      const cells: Cell[] = [];
      for (const caller of [...CALLERS, 'signed out']) {
        for (const id of ids) {
          let relation = 'none';
          const callerOf = facts.get(caller);
          if (id !== undefined && callerOf && operation.access) {
            const base = baseRules(operation.access)[0]!;
            const row = (await server.db(tableOf(base.entity)).where('id', id).first()) as Record<string, unknown> | undefined;
            relation = row ? await relationOf(server.db, callerOf, organisationOf(base, row)) : 'missing';
            if (row && base.shared && rowMatches(base.shared, base.entity, row)) relation = `${relation}, shared`;
          }
          cells.push({ operation, caller, relation, ...(id !== undefined && { id }) });
        }
      }
      const failures: string[] = [];
      for (const cell of cells) {
        const failure = await check(cell);
        if (failure) failures.push(failure);
      }
      expect(failures).toEqual([]);
    },
    120_000,
  );
});
