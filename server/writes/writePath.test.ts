import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogEntry, ProductGroup, UserAction } from '../generated/types';
import { startTestServer, type TestClient, type TestServer } from '../testing/testServer';

interface Problem {
  code: string;
  parameter?: string;
}

// The write path every change goes through (docs/architecture.md): audit in the same transaction,
// ETag / If-Match, Idempotency-Key, database uniqueness under races, strict input.
describe('the write path', () => {
  let server: TestServer;
  let root: TestClient;

  beforeAll(async () => {
    server = await startTestServer();
    root = server.client();
    await root.login('admin@supplier.example');
  });
  afterAll(async () => {
    await server.close();
  });

  const createGroup = (body: unknown, headers: Record<string, string> = {}) =>
    root.request<ProductGroup & Problem>('POST', '/api/v1/productgroups', body, {
      'x-csrf-token': root.cookie('hub_csrf') ?? '',
      ...headers,
    });
  const putGroup = (id: number, body: unknown, headers: Record<string, string> = {}) =>
    root.request<ProductGroup & Problem>('PUT', `/api/v1/productgroups/${id}`, body, {
      'x-csrf-token': root.cookie('hub_csrf') ?? '',
      ...headers,
    });
  const groupCount = async () => Number(((await server.db('product_groups').count({ n: '*' }).first()) as { n: number | string }).n);

  it('writes an audit entry with the changed fields, by whom and whence, and the actor’s action', async () => {
    const { body: created } = await createGroup({ name: 'Audited group', description: 'First' });
    expect((await putGroup(created.id, { name: 'Audited group', description: 'Second', grading: 3 })).status).toBe(200);
    const { body: entries } = await root.get<AuditLogEntry[]>(`/api/v1/productgroups/${created.id}/audit_logs`);
    expect(entries.map((entry) => entry.action)).toEqual(['UPDATE', 'CREATE']);
    const [update] = entries;
    expect(update).toMatchObject({
      user: { id: 1, name: 'Sam Supplier' },
      on_behalf: null,
      ip_address: expect.stringMatching(/127\.0\.0\.1/),
    });
    expect(update!.field_changes.map(({ field, old_value, new_value }) => [field, old_value, new_value]).sort()).toEqual([
      ['description', 'First', 'Second'],
      ['grading', null, '3'],
    ]);
    const { body: actions } = await root.get<UserAction[]>('/api/v1/users/1/actions');
    expect(actions.slice(0, 2).map((action) => [action.action, action.on])).toEqual([
      ['UPDATE', `product_group ${created.id}`],
      ['CREATE', `product_group ${created.id}`],
    ]);
  });

  it('does not audit a save that changes nothing', async () => {
    const { body: created } = await createGroup({ name: 'Unchanged group' });
    await putGroup(created.id, { name: 'Unchanged group' });
    const { body: entries } = await root.get<AuditLogEntry[]>(`/api/v1/productgroups/${created.id}/audit_logs`);
    expect(entries.map((entry) => entry.action)).toEqual(['CREATE']);
  });

  it('tags a record read with an ETag, answers 304 to If-None-Match, and 412 to a stale If-Match, changing nothing', async () => {
    const { body: created } = await createGroup({ name: 'Tagged group', description: 'v1' });
    const read = await root.get<ProductGroup>(`/api/v1/productgroups/${created.id}`);
    const etag = read.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect((await root.request('GET', `/api/v1/productgroups/${created.id}`, undefined, { 'if-none-match': etag })).status).toBe(304);
    const saved = await putGroup(created.id, { name: 'Tagged group', description: 'v2' }, { 'if-match': etag });
    expect(saved.status).toBe(200);
    // The answer carries the new tag, so the editor can save again without reading first.
    expect(saved.headers.get('etag')).not.toBe(etag);
    expect(saved.headers.get('etag')).toBe((await root.get(`/api/v1/productgroups/${created.id}`)).headers.get('etag'));
    const stale = await putGroup(created.id, { name: 'Tagged group', description: 'lost update' }, { 'if-match': etag });
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({ code: 'stale_record', message_key: 'problem.stale_record' });
    expect((await root.get<ProductGroup>(`/api/v1/productgroups/${created.id}`)).body.description).toBe('v2');
    expect(
      (await putGroup(created.id, { name: 'Tagged group', description: 'v3' }, { 'if-match': saved.headers.get('etag')! })).status,
    ).toBe(200);
  });

  it('answers a retried POST with the same Idempotency-Key with the first answer, creating one record', async () => {
    const before = await groupCount();
    const headers = { 'idempotency-key': 'create-group-once' };
    const first = await createGroup({ name: 'Idempotent group' }, headers);
    const retry = await createGroup({ name: 'Idempotent group' }, headers);
    expect(first.status).toBe(201);
    expect([retry.status, retry.body]).toEqual([201, first.body]);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await groupCount()).toBe(before + 1);
    const other = await createGroup({ name: 'Another group' }, headers);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'idempotency_key_reused', parameter: 'Idempotency-Key' });
  });

  it('answers side-by-side retries with one key once, and keeps keys apart per user', async () => {
    const before = await groupCount();
    const headers = { 'idempotency-key': 'parallel-key' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => createGroup({ name: 'Parallel group' }, headers)));
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(await groupCount()).toBe(before + 1);
  });

  it('lets one of thirty case variants of a name sent side by side through, and answers the rest 409', async () => {
    const names = Array.from({ length: 30 }, (_, i) =>
      [...'race group'].map((char, j) => ((i >> j) & 1 ? char.toUpperCase() : char)).join(''),
    );
    const answers = await Promise.all(names.map((name) => createGroup({ name: ` ${name} ` })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(
      answers
        .filter((answer) => answer.status === 409)
        .every((answer) => answer.body.code === 'duplicate_value' && answer.body.parameter === 'name'),
    ).toBe(true);
    expect(
      Number(
        (
          (await server.db('product_groups').whereRaw('lower(name) = ?', ['race group']).count({ n: '*' }).first()) as {
            n: number | string;
          }
        ).n,
      ),
    ).toBe(1);
  });

  it('stores one of many users sent side by side with one e-mail address in different cases', async () => {
    const emails = ['Twin@Customer.example', 'twin@customer.example', 'TWIN@CUSTOMER.EXAMPLE', ' twin@Customer.Example'];
    const answers = await Promise.all(
      emails.map((email_address, i) => root.post<Problem>('/api/v1/users', { name: `Twin ${i}`, email_address, organisation: 3 })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body.parameter)).toEqual([
      'email_address',
      'email_address',
      'email_address',
    ]);
  });

  it('shows a secret in the audit log only as changed', async () => {
    const created = await root.post<{ id: number }>('/api/v1/feeds', {
      name: 'Secret feed',
      organisation: 2,
      timeslot: 60,
      delivery_method: 'FTP',
      delivery_server: 'ftp.example.test',
      delivery_user: 'hub',
      delivery_password: 'hunter2',
      filename: 'secret.csv',
    });
    expect(created.status).toBe(201);
    const { body: entries } = await root.get<AuditLogEntry[]>(`/api/v1/feeds/${created.body.id}/audit_logs`);
    const password = entries[0]!.field_changes.find((change) => change.field === 'delivery_password');
    expect(password).toMatchObject({ old_value: null, new_value: 'changed' });
    expect(JSON.stringify(entries)).not.toContain('hunter2');
  });

  it('stores names trimmed', async () => {
    const created = await createGroup({ name: '  Spaced group  ' });
    expect(created.body.name).toBe('Spaced group');
  });

  it.each(['/api/v1/productgroups/0x10', '/api/v1/productgroups/1e1', '/api/v1/productgroups/01', '/api/v1/productgroups/-1'])(
    'reads %s as no record (404)',
    async (path) => {
      expect((await root.get(path)).status).toBe(404);
    },
  );

  it.each(['page=1e1', 'page=016', 'page=0x2', 'grading_from=1.5'])('refuses the query %s with 400', async (query) => {
    const response = await root.get<Problem>(`/api/v1/productgroups?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_parameter');
  });

  it('refuses a number beyond its column with 400, storing nothing', async () => {
    const response = await createGroup({ name: 'Huge grading', grading: 1e308 });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalid_body', parameter: 'grading' });
  });

  it('refuses a body that is not JSON on a JSON operation with 415', async () => {
    const response = await root.request<Problem>('POST', '/api/v1/productgroups', 'name=Form+post', {
      'content-type': 'application/x-www-form-urlencoded',
      'x-csrf-token': root.cookie('hub_csrf') ?? '',
    });
    expect(response.status).toBe(415);
    expect(response.body.code).toBe('unsupported_media_type');
  });

  it('names the field of a reference to nothing with 422, never a 500', async () => {
    const response = await root.post<Problem>('/api/v1/users', { name: 'Nobody', email_address: 'nobody@example.com', organisation: 999 });
    expect(response.status).toBe(422);
    expect(response.body.parameter).toBe('organisation');
  });
});
