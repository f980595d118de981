import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { api } from '../api/client';
import { onUnauthorized } from '../api/unauthorized';
import type { CurrentUser } from './currentUser';
import { CurrentUserContext, type CurrentUserState } from './currentUserContext';

/**
 * Loads the current user once at start (public pages render meanwhile; guarded ones wait) and
 * keeps it: any 401 from the API signs the user out here, which sends guarded screens to login.
 */
export function CurrentUserProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [loading, setLoading] = useState(true);
  // Only the newest load may set the user, so a slow old answer cannot undo a login or logout.
  const latestLoad = useRef(0);

  /**
   * Sets who is signed in. When that comes with a navigation (log out, emulation), both are one
   * transition: they render together, so neither the screen being left renders for the new user
   * (it may be closed to them and bounce to the login or forbidden page) nor the next screen for
   * the old one. Two transitions started apart could commit apart: the navigation may still wait
   * for its screen's lazy chunk when the user's comes.
   */
  const show = useCallback((next: CurrentUser | null, navigate?: () => void) => {
    const apply = () => {
      navigate?.();
      setUser(next);
      setLoading(false);
    };
    if (navigate) startTransition(apply);
    else apply();
  }, []);

  const reload = useCallback(
    async (options?: { navigate?: () => void }): Promise<CurrentUser | null> => {
      const load = ++latestLoad.current;
      let loaded: CurrentUser | null;
      try {
        const { data, response } = await api.GET('/whoami');
        loaded = response.ok && data ? data : null;
      } catch {
        loaded = null; // 000 §7: a failed load of the current user means signed out.
      }
      if (load === latestLoad.current) show(loaded, options?.navigate);
      // A newer load sets the user; the navigation asked for still happens.
      else options?.navigate?.();
      return loaded;
    },
    [show],
  );

  const signedIn = useCallback(
    (next: CurrentUser) => {
      latestLoad.current++;
      show(next);
    },
    [show],
  );

  const logout = useCallback(
    async (navigate?: () => void) => {
      latestLoad.current++;
      try {
        await api.POST('/auth/logout');
      } finally {
        show(null, navigate);
      }
    },
    [show],
  );

  useEffect(() => {
    void reload();
  }, [reload]);

  // A 401 says the session a request carried has ended, not that nobody is signed in now: a call
  // sent just before emulation started or stopped (the session is replaced) answers 401 too. Ask
  // who is signed in, once at a time (that question's own 401 is its answer), and show that.
  const checking = useRef(false);
  useEffect(
    () =>
      onUnauthorized(() => {
        if (checking.current) return;
        checking.current = true;
        void reload().finally(() => {
          checking.current = false;
        });
      }),
    [reload],
  );

  const state = useMemo<CurrentUserState>(() => ({ user, loading, reload, logout, signedIn }), [user, loading, reload, logout, signedIn]);
  return <CurrentUserContext value={state}>{children}</CurrentUserContext>;
}
