import { useCurrentUser } from '../session/useCurrentUser';
import { RouteLink } from '../routing/RouteLink';
import type { GenericLink } from './genericListConfig';
import { linkHref, linksAt } from './linkGuard';
import { useMessage } from './useMessage';

/**
 * The links of a screen at the header or footer, each shown only when its guard passes. On a
 * record's screens `id` is the record's: route links pass it as `:id`, hrefs fill `{id}` with it.
 * An href is a plain anchor, so the browser asks the server itself (a CSV download). On a list,
 * `rows` is how many rows match (for links with `minRows`).
 */
export function ScreenLinks({
  links,
  place,
  id,
  rows,
}: {
  links: readonly GenericLink[];
  place: 'header' | 'footer';
  id?: string;
  rows?: number;
}) {
  const { user } = useCurrentUser();
  const message = useMessage();
  const shown = linksAt(links, place, user, rows);
  if (shown.length === 0) return null;
  return (
    <nav className={`generic-list__links generic-list__links--${place}`}>
      {shown.map((link) => {
        const text = message(link.label) ?? link.label;
        const key = `${link.route ?? link.href ?? ''}-${link.label}`;
        // The generator gives every link a route or an href.
        if (link.route === undefined) {
          return (
            <a key={key} href={linkHref(link.href ?? '', id)} className="button">
              {text}
            </a>
          );
        }
        return (
          <RouteLink key={key} to={link.route} params={id === undefined ? {} : { id }} className="button">
            {text}
          </RouteLink>
        );
      })}
    </nav>
  );
}
