import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../generated/types';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { RESELLER_ADMIN, signedIn } from '../../testing/testUsers';
import { writeVersionedRows } from '../../testing/versionedRows';

interface Problem {
  code: string;
  parameter?: string;
}

/**
 * Issue 22 item 7: a role's name is unique within its organisation, case and surrounding spaces
 * ignored, and the database holds the rule (a unique index on the organisation and the lowered
 * name, as for feeds and baskets): thirty case variants sent side by side store one role.
 */
describe('role names are unique within an organisation in any case', () => {
  let server: TestServer;
  let admin: TestClient;
  let organisation: number;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await signedIn(server, RESELLER_ADMIN);
    organisation = Number(
      ((await server.db('users').where('email_address', RESELLER_ADMIN).first('organisation_id')) as { organisation_id: number })
        .organisation_id,
    );
  });
  afterAll(async () => server.close());

  const variant = (i: number) => {
    const letters = [...'warehouse staff'].map((c, j) => ((i >> (j % 5)) & 1 ? c.toUpperCase() : c)).join('');
    return i % 3 === 0 ? `  ${letters} ` : letters;
  };

  it('stores one of thirty case variants sent side by side; the others are 409 duplicate_value naming name', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => admin.post<Problem>('/api/v1/roles', { name: variant(i), organisation })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(
      refused.every((answer) => answer.status === 409 && answer.body.code === 'duplicate_value' && answer.body.parameter === 'name'),
      JSON.stringify(refused.map((answer) => [answer.status, answer.body])),
    ).toBe(true);
    const stored = (await server
      .db('roles')
      .where('organisation_id', organisation)
      .whereRaw('lower(name) = ?', ['warehouse staff'])
      .select('name')) as { name: string }[];
    expect(stored).toHaveLength(1);
  });

  it('refuses a rename or a duplicate onto a name the organisation has in another case, and allows it in another organisation', async () => {
    const other = (await admin.post<Role>('/api/v1/roles', { name: 'Night shift', organisation })).body;
    const renamed = await admin.send<Problem>('PUT', `/api/v1/roles/${other.id}`, { name: ' WAREHOUSE Staff' });
    expect([renamed.status, renamed.body.code, renamed.body.parameter]).toEqual([409, 'duplicate_value', 'name']);
    const copied = await admin.post<Problem>(`/api/v1/roles/${other.id}/duplicate`, { name: 'night SHIFT', organisation });
    expect([copied.status, copied.body.code]).toEqual([409, 'duplicate_value']);
    const customer = Number(((await server.db('organisations').where('name', 'like', 'Customer Co%').first('id')) as { id: number }).id);
    expect((await admin.post(`/api/v1/roles/${other.id}/duplicate`, { name: 'Night Shift', organisation: customer })).status).toBe(201);
  });

  it('holds in the database whatever path writes (a raw insert is refused too)', async () => {
    await expect(
      writeVersionedRows(server.db, (trx) =>
        trx('roles').insert({ name: 'WAREHOUSE STAFF', organisation_id: organisation, template: false }),
      ),
    ).rejects.toThrow(/unique|duplicate/i);
  });
});
