import { routes } from '../generated/registry';
import { RouteLink } from '../routing/RouteLink';
import { guardPasses } from '../session/guard';
import { useOrganisationScope } from '../session/organisationScope';
import { useCurrentUser } from '../session/useCurrentUser';
import { mayOpenReference } from './referenceScope';

/**
 * A reference on a record screen (an organisation, a user, a role): its name, and a link to its
 * page when the viewer may open it — the route's guard passes and the record is in their scope
 * (referenceScope.ts). Otherwise the name alone, never a link that ends on notFound or forbidden.
 */
export function ReferenceLink({ route, id, text }: { route: string; id: number; text: string }) {
  const { user } = useCurrentUser();
  const scope = useOrganisationScope(route === 'organisation' && user && !user.root ? user.id : undefined);
  const guard = routes.find((candidate) => candidate.name === route)?.guard;
  const open = user !== null && guardPasses(user, guard) && mayOpenReference(route, id, user.root, scope);
  return open ? (
    <RouteLink to={route} params={{ id: String(id) }}>
      {text}
    </RouteLink>
  ) : (
    <>{text}</>
  );
}
