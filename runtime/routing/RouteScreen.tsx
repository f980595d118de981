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
        // A boundary of its own per route. React Router navigates in a transition, and a transition
        // that suspends inside a boundary already showing content keeps that content: while the next
        // screen's lazy chunk loaded, the screen being left stayed, live, under the new address (a
        // create form, enabled again once its save had navigated, took typing that the record page
        // then replaced). A new boundary shows its spinner at once, so the screen drawn always is
        // the address's. Within a route (another :id) the boundary and the screen stay.
        <Suspense key={route.name} fallback={<Spinner />}>
          <Screen />
        </Suspense>
      )}
    </Layout>
  );
}
