import { useCurrentUser } from '../session/useCurrentUser';
import { RouteLink } from '../routing/RouteLink';
import type { GenericLink } from './genericListConfig';
import { linksAt } from './linkGuard';
import { useMessage } from './useMessage';

/** The links of a list screen at the header or footer, each shown only when its guard passes. */
export function ScreenLinks({ links, place }: { links: readonly GenericLink[]; place: 'header' | 'footer' }) {
  const { user } = useCurrentUser();
  const message = useMessage();
  const shown = linksAt(links, place, user);
  if (shown.length === 0) return null;
  return (
    <nav className={`generic-list__links generic-list__links--${place}`}>
      {shown.map((link) => (
        <RouteLink key={`${link.route}-${link.label}`} to={link.route} className="button">
          {message(link.label) ?? link.label}
        </RouteLink>
      ))}
    </nav>
  );
}
