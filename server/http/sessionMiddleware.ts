import type { Context, Next } from 'koa';
import type { Knex } from 'knex';
import { resumeApiClient } from '../modules/auth/apiClientAuth';
import { resumeSession } from '../modules/auth/sessions';
import { bearerToken, readCookie, SESSION_COOKIE } from './security';

/**
 * Resolves the session cookie of API calls into ctx.state.user, with the data versions read with
 * the session row in ctx.state.versions (RequestContext.versions).
 *
 * A dead session's cookie is left as it is, never cleared by the answer: the request may have left
 * the browser just before a sign-in, an emulation or its end replaced the cookie, and a clearing
 * Set-Cookie arriving after that answer would delete the new session's cookie, signing the user
 * out (seen as emulation's bar missing after the next page load). A dead cookie opens nothing;
 * sign-out clears it itself, and it ends with the browser (it has no Max-Age).
 */
export function sessionMiddleware(db: Knex) {
  return async (ctx: Context, next: Next): Promise<void> => {
    // An API client's bearer token stands for its user instead of any cookie (docs/backoffice.md).
    const bearer = ctx.path.startsWith('/api/') ? bearerToken(ctx) : undefined;
    if (bearer !== undefined) {
      const caller = await resumeApiClient(db, bearer, Date.now(), ctx.ip);
      ctx.state['user'] = caller.user;
      ctx.state['versions'] = caller.versions;
      ctx.state['apiClient'] = caller.label;
      return next();
    }
    const token = ctx.path.startsWith('/api/') ? readCookie(ctx, SESSION_COOKIE) : undefined;
    if (token) {
      const session = await resumeSession(db, token, Date.now());
      if (session) {
        ctx.state['user'] = session.user;
        ctx.state['versions'] = session.versions;
      }
    }
    await next();
  };
}
