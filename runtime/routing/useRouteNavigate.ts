import { useCallback } from 'react';
import { useNavigate, type NavigateOptions } from 'react-router';
import type { Query } from '../api/query';
import { routePath, type RouteParams } from './links';

export type RouteNavigate = (name: string, params?: RouteParams, options?: NavigateOptions & { query?: Query }) => void;

/**
 * Navigates to a named route: `goTo('notFound', {}, { replace: true })` for a failed load
 * (000 §8), so Back does not return to the broken address.
 */
export function useRouteNavigate(): RouteNavigate {
  const navigate = useNavigate();
  return useCallback<RouteNavigate>(
    (name, params, options) => {
      const { query, ...navigateOptions } = options ?? {};
      void navigate(routePath(name, params, query), navigateOptions);
    },
    [navigate],
  );
}
