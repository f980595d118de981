import type { Context, Next } from 'koa';
import type { Knex } from 'knex';
import { issueCsrfToken, readCookie, writeCookie } from '../../http/security';
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
    const token = readCookie(ctx, SESSION_COOKIE);
    const realUserId = token ? await emulatingAdministrator(db, token) : null;
    const administrator = realUserId === null ? undefined : await loadSessionUser(db, realUserId, null);
    if (token && administrator) {
      await endSession(db, token);
      const session = await startSession(db, administrator, Date.now());
      writeCookie(ctx, SESSION_COOKIE, session, { httpOnly: true });
      issueCsrfToken(ctx, session);
      ctx.redirect('/backoffice/users');
      return;
    }
    ctx.redirect('/webstore');
  };
}
