import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import openapi from '../generated/openapi.json' with { type: 'json' };
import { operations } from '../generated/operations';
import type { OperationDef } from './operationDef';

// Issue 22 item 9: every 403 an operation can answer is declared, in the contract and in
// docs/authorization.md. Walks every operation of the generated table, so a new one is checked the
// moment it is declared: an operation refused to some kind of caller in the matrix (its own
// permission, module or guard; its parent get's, for a child list; a gate its handler applies to
// some calls, `gate_when`) names that gate in the contract (x-permission, x-module, x-guard,
// x-gate-when, and its 403 response), and in the matrix's "needs" column. The authorization matrix
// test (authorizationMatrix.test.ts) then checks the server refuses exactly those callers.

type ContractOperation = {
  'x-permission'?: string;
  'x-module'?: string;
  'x-guard'?: unknown;
  'x-gate-when'?: { when: string; guard: unknown };
  responses: Record<string, { description: string; 'x-problem-codes'?: string[] }>;
};

const contract = openapi.paths as unknown as Record<string, Record<string, ContractOperation>>;
const contractOf = (operation: OperationDef) => contract[operation.path.replace(/:([a-z_]+)/g, '{$1}')]![operation.method]!;

/** docs/authorization.md's rows by operation id: the "needs" column and the callers' cells. */
const matrix = new Map(
  readFileSync(new URL('../../docs/authorization.md', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const cells = line.split(' | ').map((cell) => cell.replace(/^\| |\s\|$/g, '').trim());
      return [cells[0]!.replace(/`/g, ''), { needs: cells[2]!, signedIn: cells.slice(5) }] as const;
    }),
);

const byId = new Map<string, OperationDef>(operations.map((operation) => [operation.id, operation]));

/** The gates a caller must pass: the operation's own, and the one get its record is reached through. */
function gatesOf(operation: OperationDef): string[] {
  const contractOp = contractOf(operation);
  const own = [contractOp['x-permission'], contractOp['x-module'], contractOp['x-guard'], contractOp['x-gate-when']].filter(
    (gate) => gate !== undefined,
  );
  const through = operation.access?.of?.length === 1 ? byId.get(operation.access.of[0]!) : undefined;
  return [...own.map((gate) => JSON.stringify(gate)), ...(through ? gatesOf(through) : [])];
}

describe('every 403 an operation answers is declared (contract and docs/authorization.md)', () => {
  it('the matrix covers every operation of the table', () => {
    expect(operations.filter((operation) => !matrix.has(operation.id)).map((operation) => operation.id)).toEqual([]);
  });

  it.each(operations.map((operation) => [operation.id, operation] as const))('%s', (id, operation) => {
    const row = matrix.get(id)!;
    const refusedToSome = row.signedIn.some((cell) => /(^|; )403/.test(cell));
    const declared = gatesOf(operation);
    const forbidden = contractOf(operation).responses['403'];
    if (refusedToSome) {
      // Refused to someone: the gate is the operation's own (or its record's get's) in the contract…
      expect(declared, `${id} is refused to some callers but its contract declares no gate`).not.toEqual([]);
      expect(forbidden?.description ?? '', `${id}: the contract's 403 does not say what the caller lacks`).toMatch(
        /the caller lacks .+ \(forbidden\)/,
      );
      // …and in the matrix's "needs" column, unless it is the get's the record column names ("as `getX`").
      const viaGet = operation.access?.of?.length === 1;
      if (!viaGet) expect(row.needs, `${id}: docs/authorization.md names no gate`).not.toMatch(/^(signed in|public)$/);
    }
    // A handler's own 403 forbidden is always a declared gate's (gate_when), never a bare code.
    if (forbidden?.['x-problem-codes']?.includes('forbidden'))
      expect(contractOf(operation)['x-gate-when'], `${id} answers 403 forbidden without gate_when`).toBeDefined();
  });

  it.each([
    ['listProductGroupProducts', { root: true }],
    ['listProductGroupRelatedGroups', { root: true }],
    ['listProductGroupAuditLogs', { root: true }],
    ['listFeedAuditLogs', { any: [{ root: true }, { permission: 'feed_configuration:manage', linked_account: true }] }],
  ])('%s declares its parent get’s guard itself', (id, guard) => {
    expect(contractOf(byId.get(id)!)['x-guard']).toEqual(guard);
    expect(matrix.get(id)!.needs).toContain(`guard \`${JSON.stringify(guard)}\``);
  });

  it('listQuotes declares the gate of its outward list', () => {
    expect(contractOf(byId.get('listQuotes')!)['x-gate-when']).toEqual({
      when: expect.stringContaining('outward'),
      guard: { root: true, permission: 'quote:view' },
    });
    expect(matrix.get('listQuotes')!.needs).toContain('quote:view');
    expect(matrix.get('listQuotes')!.signedIn.at(-1)).toBe('✓');
  });
});
