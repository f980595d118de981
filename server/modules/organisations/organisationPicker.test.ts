import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganisationChoice as OrganisationRef } from '../../generated/types';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { writeVersionedRows } from '../../testing/versionedRows';
import { addUserWithoutRoles, BUYER, EU_BUYER, NO_ROLE_USER, ROOT_ADMIN, signedIn } from '../../testing/testUsers';

// 000 §6 organisation picker: the caller's organisation and its descendants by name, for every
// signed-in user, so that list filters work without organisation:view.

describe('GET /organisations/picker', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    await addUserWithoutRoles(server.db);
  });
  afterAll(async () => server.close());

  const picker = async (email: string) => {
    const response = await (await signedIn(server, email)).get<OrganisationRef[]>('/api/v1/organisations/picker');
    expect(response.status, response.text).toBe(200);
    return response.body;
  };

  it('answers a buyer without organisation:view its own organisation and descendants, by name', async () => {
    const buyer = await signedIn(server, BUYER);
    expect((await buyer.get('/api/v1/organisations')).status).toBe(403);
    expect(await picker(BUYER)).toEqual([
      { id: 7, name: 'Customer Co Branch', depth: 3, parent: 3, user_inactivity_timeout: 86400 },
      { id: 3, name: 'Customer Co Ltd', depth: 2, parent: 2, user_inactivity_timeout: 86400 },
    ]);
    expect(await picker(NO_ROLE_USER)).toHaveLength(2);
    expect((await picker(EU_BUYER)).map((row) => row.id)).toEqual([4]);
  });

  it('answers root the whole tree, and leaves /organisations/{id} to its own operation', async () => {
    const rows = await picker(ROOT_ADMIN);
    expect(rows.map((row) => row.id).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const names = rows.map((row) => row.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect((await (await signedIn(server, ROOT_ADMIN)).get<{ id: number }>('/api/v1/organisations/5')).body).toMatchObject({ id: 5 });
  });

  it('narrows to linked-account organisations on request (the feeds filter)', async () => {
    const root = await signedIn(server, ROOT_ADMIN);
    const linked = (await root.get<OrganisationRef[]>('/api/v1/organisations/picker?is_linked=true')).body.map((row) => row.id);
    const expected = (await server.db('organisations').where('is_linked', true).pluck('id')).map(Number);
    expect(linked.sort()).toEqual(expected.sort());
    expect(linked.length).toBeGreaterThan(0);
    expect(linked.length).toBeLessThan(8);
  });

  it("answers one organisation of the caller's tree by id, with its timeout (the user form's limit, 002 §4)", async () => {
    await writeVersionedRows(server.db, (trx) => trx('organisations').where('id', 7).update({ user_inactivity_timeout: 3600 }));
    const reseller = await signedIn(server, 'admin@reseller.example');
    expect((await reseller.get<OrganisationRef[]>('/api/v1/organisations/picker?id=7')).body).toEqual([
      { id: 7, name: 'Customer Co Branch', depth: 3, parent: 3, user_inactivity_timeout: 3600 },
    ]);
    // Outside the caller's tree: nothing, as for the list.
    expect((await reseller.get<OrganisationRef[]>('/api/v1/organisations/picker?id=5')).body).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await server.client().get('/api/v1/organisations/picker')).status).toBe(401);
  });
});
