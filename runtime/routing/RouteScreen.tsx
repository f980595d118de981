import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Layout } from '../layout/Layout';
import { useCurrentUser } from '../session/useCurrentUser';
import { Spinner } from '../ui/Spinner';
import { guardDecision } from './guardDecision';
import { routePath } from './links';
import type { RouteDef } from './routeTypes';

/** One route of the registry: its redirect, or its guard, then its screen inside the layout. */
export function RouteScreen({ route }: { route: RouteDef }) {
  const location = useLocation();
  const { user, loading } = useCurrentUser();

  if (route.redirect) return <Navigate to={routePath(route.redirect)} replace />;

  const decision = guardDecision(route, user, loading);
  if (decision === 'login') {
    const next = `${location.pathname}${location.search}`;
    // Replace, so Back from the login page does not land on a page that bounces again.
    return <Navigate to={routePath('login', {}, { next })} replace />;
  }
  if (decision === 'forbidden') return <Navigate to={routePath('forbidden')} replace />;

  const Screen = route.Component;
  return (
    <Layout crumbs={route.breadcrumbs}>
      {decision === 'wait' || !Screen ? (
        <Spinner />
      ) : (
        <Suspense fallback={<Spinner />}>
          <Screen />
        </Suspense>
      )}
    </Layout>
  );
}
