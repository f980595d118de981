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

  const reload = useCallback(async (): Promise<CurrentUser | null> => {
    const load = ++latestLoad.current;
    let loaded: CurrentUser | null;
    try {
      const { data, response } = await api.GET('/whoami');
      loaded = response.ok && data ? data : null;
    } catch {
      loaded = null; // 000 §7: a failed load of the current user means signed out.
    }
    if (load === latestLoad.current) {
      setUser(loaded);
      setLoading(false);
    }
    return loaded;
  }, []);

  const signedIn = useCallback((next: CurrentUser) => {
    latestLoad.current++;
    setUser(next);
    setLoading(false);
  }, []);

  const logout = useCallback(async () => {
    latestLoad.current++;
    try {
      await api.POST('/auth/logout');
    } finally {
      // In a transition: rendered together with a navigation away still in progress (the header
      // goes to the login page first), so the guarded page left never renders signed out and
      // bounces to /login?next=… on the way.
      startTransition(() => {
        setUser(null);
        setLoading(false);
      });
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  useEffect(
    () =>
      onUnauthorized(() => {
        latestLoad.current++;
        setUser(null);
        setLoading(false);
      }),
    [],
  );

  const state = useMemo<CurrentUserState>(
    () => ({ user, loading, reload, logout, signedIn }),
    [user, loading, reload, logout, signedIn],
  );
  return <CurrentUserContext value={state}>{children}</CurrentUserContext>;
}
