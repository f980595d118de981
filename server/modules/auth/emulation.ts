import type { Context, Next } from 'koa';
import type { Knex } from 'knex';
import { CSRF_COOKIE, newCsrfToken } from '../../http/security';
import { loadSessionUser } from './loadSessionUser';
import { emulatingAdministrator, endSession, SESSION_COOKIE, startSession } from './sessions';

/**
 * GET /mask_user/end (002 §4 Emulation): the emulation bar's stop link, a full-page navigation.
 * The emulated session ends and the administrator behind it gets a session of their own again,
 * with a new id; without an emulated session it simply leads back to the store. Ending needs no
 * CSRF token: a forged visit can only hand the administrator back their own identity.
 */
export function endEmulation(db: Knex) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.method !== 'GET' || ctx.path !== '/mask_user/end') return next();
    const token = ctx.cookies.get(SESSION_COOKIE);
    const realUserId = token ? await emulatingAdministrator(db, token) : null;
    const administrator = realUserId === null ? undefined : await loadSessionUser(db, realUserId, null);
    if (token && administrator) {
      await endSession(db, token);
      const cookie = { httpOnly: true, sameSite: 'lax' as const, secure: ctx.secure, overwrite: true };
      ctx.cookies.set(SESSION_COOKIE, await startSession(db, administrator, Date.now()), cookie);
      ctx.cookies.set(CSRF_COOKIE, newCsrfToken(), { ...cookie, httpOnly: false });
      ctx.redirect('/backoffice/users');
      return;
    }
    ctx.redirect('/webstore');
  };
}
