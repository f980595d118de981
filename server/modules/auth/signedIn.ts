import { notSignedIn } from '../../domain/errors';
import type { RequestContext } from '../../http/operationDef';
import type { SessionUser } from './sessionUser';

/** The caller of a handler that needs one: 401 when signed out. */
export function signedIn(context: RequestContext): SessionUser {
  if (!context.user) throw notSignedIn();
  return context.user;
}
