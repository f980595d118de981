import type { Handler } from '../../http/operationDef';
import { loadSessionUser } from './loadSessionUser';
import { emulatingAdministrator, endSession, SESSION_COOKIE, startSession } from './sessions';

/**
 * POST /auth/emulation/end (002 §4 Emulation), the emulation bar's stop, reached by its full-page
 * link /mask_user/end (server/http/pageLinks.ts), which redirects to `next`. The emulated session
 * ends and the administrator behind it gets a session of their own again, with a new id; an
 * ordinary session simply leads back to the store. An emulation whose administrator can no longer
 * sign in (disabled, or their organisation), or no live session, ends too and leads to sign-in: it
 * never carries on in the emulated session. The link needs no CSRF token: a forged visit can only
 * hand the administrator back their own identity, or sign out.
 */
export const endEmulation: Handler<'endEmulation'> = async (_input, context) => {
  const { db } = context;
  const token = context.cookies.get(SESSION_COOKIE);
  const realUserId = token ? await emulatingAdministrator(db, token) : undefined;
  const administrator = typeof realUserId === 'number' ? await loadSessionUser(db, realUserId, null) : undefined;
  if (token && administrator) {
    await endSession(db, token);
    const session = await startSession(db, administrator, context.now());
    context.cookies.set(SESSION_COOKIE, session, { httpOnly: true });
    context.cookies.renewCsrf(session);
    return { next: '/backoffice/users' };
  }
  if (realUserId !== null) {
    // An emulation nobody may return from, or no live session at all: signed out, to sign in.
    if (token) {
      await endSession(db, token);
      context.cookies.set(SESSION_COOKIE, null, { httpOnly: true });
      context.cookies.renewCsrf(null);
    }
    return { next: '/login' };
  }
  return { next: '/webstore' };
};
