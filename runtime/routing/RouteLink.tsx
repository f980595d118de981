import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import type { Query } from '../api/query';
import { routePath, type RouteParams } from './links';

type RouteLinkProps = Omit<ComponentProps<typeof Link>, 'to'> & {
  /** The route's name in spec/routes.yaml. */
  to: string;
  params?: RouteParams;
  query?: Query;
};

/** A link to a named route: `<RouteLink to="product" params={{ id }}>`. */
export function RouteLink({ to, params, query, ...linkProps }: RouteLinkProps) {
  return <Link to={routePath(to, params, query)} {...linkProps} />;
}
