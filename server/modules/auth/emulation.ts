import type { Context, Next } from 'koa';
import type { Knex } from 'knex';
import { issueCsrfToken, readCookie, writeCookie } from '../../http/security';
import { loadSessionUser } from './loadSessionUser';
import { emulatingAdministrator, endSession, SESSION_COOKIE, startSession } from './sessions';

/**
 * GET /mask_user/end (002 §4 Emulation): the emulation bar's stop link, a full-page navigation.
 * The emulated session ends and the administrator behind it gets a session of their own again,
 * with a new id; an ordinary session simply leads back to the store, none at all to sign-in. An emulation
 * whose administrator can no longer sign in (disabled, or their organisation) ends too, and the
 * browser is sent to sign in: it never carries on in the emulated session. Ending needs no CSRF
 * token: a forged visit can only hand the administrator back their own identity, or sign out.
 */
export function endEmulation(db: Knex) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.method !== 'GET' || ctx.path !== '/mask_user/end') return next();
    const token = readCookie(ctx, SESSION_COOKIE);
    const realUserId = token ? await emulatingAdministrator(db, token) : undefined;
    const administrator = typeof realUserId === 'number' ? await loadSessionUser(db, realUserId, null) : undefined;
    if (token && administrator) {
      await endSession(db, token);
      const session = await startSession(db, administrator, Date.now());
      writeCookie(ctx, SESSION_COOKIE, session, { httpOnly: true });
      issueCsrfToken(ctx, session);
      ctx.redirect('/backoffice/users');
      return;
    }
    if (realUserId !== null) {
      // An emulation nobody may return from, or no live session at all: signed out, to sign in.
      if (token) {
        await endSession(db, token);
        writeCookie(ctx, SESSION_COOKIE, null, { httpOnly: true });
        issueCsrfToken(ctx, null);
      }
      ctx.redirect('/login');
      return;
    }
    ctx.redirect('/webstore');
  };
}
