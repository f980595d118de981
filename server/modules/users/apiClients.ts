import { randomBytes } from 'node:crypto';
import { DomainError, invalidValue } from '../../domain/errors';
import { rowInScope } from '../../reads/genericList';
import type { Handler, RequestContext } from '../../http/operationDef';
import type { ApiClient } from '../../generated/types';
import type { Records } from '../../writes/records';
import { apiClientSecretHash } from '../auth/apiClientAuth';
import { signedIn } from '../auth/signedIn';
import { userGetMeta } from './userMeta';

/**
 * API clients (002 §2.6 api_clients; docs/backoffice.md "API clients"). Every user manages their
 * own under /whoami, whatever their permissions. Only the user themselves creates one (never an
 * administrator, nor anyone emulating them): a client acts as its user with nobody "on behalf" in
 * the audit log, so it must be the user's own act. The token `<client id>.<secret>` is answered
 * once; only the secret's SHA-256 is kept. Administrators with user:modify revoke another user's.
 */
const label = (name: string, clientId: string) => `${name} (${clientId})`;

async function clientsOf(context: RequestContext, userId: number): Promise<ApiClient[]> {
  const rows = (await context
    .db('api_clients')
    .where('user_id', userId)
    .orderBy('name')
    .select('id', 'name', 'client_id', 'created_at', 'expires_at', 'last_used_at')) as Record<string, unknown>[];
  const time = (value: unknown) => (value === null || value === undefined ? null : new Date(Number(value)).toISOString());
  return rows.map((row) => ({
    id: Number(row['id']),
    name: String(row['name']),
    client_id: String(row['client_id']),
    created_at: time(row['created_at']),
    expires_at: time(row['expires_at']),
    last_used_at: time(row['last_used_at']),
  }));
}

export const listMyApiClients: Handler<'listMyApiClients'> = async (_input, context) => clientsOf(context, signedIn(context).id);

export const createMyApiClient: Handler<'createMyApiClient'> = async ({ body }, context) => {
  const user = signedIn(context);
  if (user.real) throw new DomainError('forbidden', 'not_while_emulating');
  const now = context.now();
  const expiresAt = body.expires_at === undefined || body.expires_at === null ? null : Date.parse(body.expires_at);
  if (expiresAt !== null && !(expiresAt > now)) throw invalidValue('expires_at', 'the expiry must lie in the future');
  const clientId = randomBytes(12).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  const name = body.name.trim();
  const id = await context.records.insert(
    'api_client',
    { user: user.id, name, client_id: clientId, secret_hash: apiClientSecretHash(secret), created_at: now, expires_at: expiresAt },
    { auditOn: { entity: 'user', id: user.id, field: 'api_clients', value: label(name, clientId) } },
  );
  return {
    id,
    name,
    client_id: clientId,
    created_at: new Date(now).toISOString(),
    expires_at: expiresAt === null ? null : new Date(expiresAt).toISOString(),
    last_used_at: null,
    token: `${clientId}.${secret}`,
  };
};

/** Removes a client of the user (404 when it is not theirs); the next request with its token is a 401. */
async function removeClient(records: Records, userId: number, clientId: number): Promise<void> {
  const client = await records.db('api_clients').where({ id: clientId, user_id: userId }).first('id', 'name', 'client_id');
  if (!client) throw new DomainError('not_found', 'not_found');
  await records.remove('api_client', Number(client.id), {
    auditOn: { entity: 'user', id: userId, field: 'api_clients', value: label(String(client.name), String(client.client_id)) },
  });
}

export const deleteMyApiClient: Handler<'deleteMyApiClient'> = async ({ params }, context) => {
  await removeClient(context.records, signedIn(context).id, params.client);
};

/** An administrator revoking a client of a user of their tree (404 outside it, as for the user's get). */
export const deleteApiClient: Handler<'deleteApiClient'> = async ({ params }, context) => {
  signedIn(context);
  await rowInScope(context.db, userGetMeta, { params: { id: params.id }, query: {}, user: context.user });
  await removeClient(context.records, params.id, params.client);
};
