import type { Context, Next } from 'koa';
import type { Knex } from 'knex';
import { resumeSession } from '../modules/auth/sessions';
import { readCookie, SESSION_COOKIE, writeCookie } from './security';

/** Resolves the session cookie of API calls into ctx.state.user; a dead session's cookie is cleared. */
export function sessionMiddleware(db: Knex) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const token = ctx.path.startsWith('/api/') ? readCookie(ctx, SESSION_COOKIE) : undefined;
    if (token) {
      const user = await resumeSession(db, token, Date.now());
      if (user) ctx.state['user'] = user;
      else writeCookie(ctx, SESSION_COOKIE, null, { httpOnly: true });
    }
    await next();
  };
}
