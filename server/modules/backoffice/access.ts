import type { RequestContext } from '../../http/operationDef';
import { unauthenticated } from '../../http/problem';
import type { SessionUser } from '../auth/sessionUser';

export function signedIn(context: RequestContext): SessionUser {
  if (!context.user) throw unauthenticated();
  return context.user;
}
