import type { Knex } from 'knex';
import type { RequestContext } from '../../http/operationDef';
import { forbidden, unauthenticated } from '../../http/problem';
import { hasPermission, type SessionUser } from '../auth/sessionUser';

export function signedIn(context: RequestContext): SessionUser {
  if (!context.user) throw unauthenticated();
  return context.user;
}

/** 002 §6: product groups are for the supplier's own staff only. */
export function rootUser(context: RequestContext): SessionUser {
  const user = signedIn(context);
  if (!user.root) throw forbidden();
  return user;
}

/** 002 §6 feeds: root, or feed_configuration:manage in an organisation that has a linked account. */
export async function feedUser(db: Knex, context: RequestContext): Promise<SessionUser> {
  const user = signedIn(context);
  if (user.root) return user;
  if (!hasPermission(user, 'feed_configuration:manage')) throw forbidden();
  const linked = await db('linked_accounts').where('organisation_id', user.organisation.id).first('id');
  if (!linked) throw forbidden();
  return user;
}
