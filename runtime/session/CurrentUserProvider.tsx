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
   * Sets who is signed in. After a navigation that changes who is signed in (log out, emulation)
   * it is set in a transition, rendered together with the navigation still in progress: the
   * screen being left, which may be closed to the new user, never renders for them and bounces
   * them to the login or forbidden page on the way.
   */
  const show = useCallback((next: CurrentUser | null, afterNavigation: boolean) => {
    const apply = () => {
      setUser(next);
      setLoading(false);
    };
    if (afterNavigation) startTransition(apply);
    else apply();
  }, []);

  const reload = useCallback(
    async (options?: { afterNavigation?: boolean }): Promise<CurrentUser | null> => {
      const load = ++latestLoad.current;
      let loaded: CurrentUser | null;
      try {
        const { data, response } = await api.GET('/whoami');
        loaded = response.ok && data ? data : null;
      } catch {
        loaded = null; // 000 §7: a failed load of the current user means signed out.
      }
      if (load === latestLoad.current) show(loaded, options?.afterNavigation ?? false);
      return loaded;
    },
    [show],
  );

  const signedIn = useCallback(
    (next: CurrentUser) => {
      latestLoad.current++;
      show(next, false);
    },
    [show],
  );

  const logout = useCallback(async () => {
    latestLoad.current++;
    try {
      await api.POST('/auth/logout');
    } finally {
      // The header goes to the login page first.
      show(null, true);
    }
  }, [show]);

  useEffect(() => {
    void reload();
  }, [reload]);

  useEffect(
    () =>
      onUnauthorized(() => {
        latestLoad.current++;
        show(null, false);
      }),
    [show],
  );

  const state = useMemo<CurrentUserState>(
    () => ({ user, loading, reload, logout, signedIn }),
    [user, loading, reload, logout, signedIn],
  );
  return <CurrentUserContext value={state}>{children}</CurrentUserContext>;
}
