import { randomBytes } from 'node:crypto';
import { DomainError, invalidValue } from '../../domain/errors';
import { rowInScope } from '../../http/genericList';
import type { Handler } from '../../http/operationDef';
import { hasPermission } from '../auth/sessionUser';
import { apiClientSecretHash } from '../auth/apiClientAuth';
import { signedIn } from '../auth/signedIn';
import { userGetMeta } from './userMeta';

/**
 * A user's API clients (002 §2.6 api_clients tab; docs/backoffice.md "API clients"). Only the
 * user themselves creates one (never an administrator, nor anyone emulating them): a client acts
 * as its user with nobody "on behalf" in the audit log, so it must be the user's own act. The
 * token `<client id>.<secret>` is answered once; only the secret's SHA-256 is kept.
 */
export const createApiClient: Handler<'createApiClient'> = async ({ params, body }, context) => {
  const user = signedIn(context);
  if (params.id !== user.id) throw new DomainError('forbidden', 'not_own_user');
  if (user.real) throw new DomainError('forbidden', 'not_while_emulating');
  const now = context.now();
  const expiresAt = body.expires_at === undefined || body.expires_at === null ? null : Date.parse(body.expires_at);
  if (expiresAt !== null && !(expiresAt > now)) throw invalidValue('expires_at', 'the expiry must lie in the future');
  const clientId = randomBytes(12).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  const id = await context.records.insert('api_client', {
    user: user.id,
    name: body.name,
    client_id: clientId,
    secret_hash: apiClientSecretHash(secret),
    created_at: now,
    expires_at: expiresAt,
  }, { auditOn: { entity: 'user', id: user.id, field: 'api_clients', value: `${body.name.trim()} (${clientId})` } });
  return {
    id,
    name: body.name.trim(),
    client_id: clientId,
    created_at: new Date(now).toISOString(),
    expires_at: expiresAt === null ? null : new Date(expiresAt).toISOString(),
    last_used_at: null,
    token: `${clientId}.${secret}`,
  };
};

/**
 * Deleted by its user, or by anyone with user:modify over the user (an administrator revoking a
 * leaked token); the next request with it is a 401. A client of another user is a 404.
 */
export const deleteApiClient: Handler<'deleteApiClient'> = async ({ params }, context) => {
  const caller = signedIn(context);
  if (params.id !== caller.id) {
    if (!hasPermission(caller, 'user:modify')) throw new DomainError('forbidden', 'not_own_user');
    await rowInScope(context.db, userGetMeta, { params: { id: params.id }, query: {}, user: context.user });
  }
  const client = await context.db('api_clients').where({ id: params.client, user_id: params.id }).first('id', 'name', 'client_id');
  if (!client) throw new DomainError('not_found', 'not_found');
  await context.records.remove('api_client', Number(client.id), { auditOn: { entity: 'user', id: params.id, field: 'api_clients', value: `${String(client.name)} (${String(client.client_id)})` } });
};
