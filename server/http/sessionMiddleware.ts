import type { Context, Next } from 'koa';
import type { Knex } from 'knex';
import { resumeSession, SESSION_COOKIE } from '../modules/auth/sessions';

/** Resolves the session cookie of API calls into ctx.state.user; a dead session's cookie is cleared. */
export function sessionMiddleware(db: Knex) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const token = ctx.path.startsWith('/api/') ? ctx.cookies.get(SESSION_COOKIE) : undefined;
    if (token) {
      const user = await resumeSession(db, token, Date.now());
      if (user) ctx.state['user'] = user;
      else ctx.cookies.set(SESSION_COOKIE, null, { httpOnly: true, sameSite: 'lax' });
    }
    await next();
  };
}
