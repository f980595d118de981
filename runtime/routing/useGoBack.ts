import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { routePath } from './links';

/**
 * The Back button of the error pages: back to the previous page, like the browser's Back. Only
 * when the tab has no previous page at all (opened on this address) does it go home instead of
 * doing nothing. React Router numbers its own entries in `history.state.idx` (kept on replace);
 * an entry from an earlier page load has no index, so the browser's history decides then.
 */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const state: unknown = window.history.state;
    const index = typeof state === 'object' && state !== null && 'idx' in state ? Number(state.idx) : 0;
    if (index > 0) void navigate(-1);
    else if (window.history.length > 1) window.history.back();
    else void navigate(routePath('home'), { replace: true });
  }, [navigate]);
}
