import { Link, useParams } from 'react-router';
import { isMessageKey } from '../i18n/i18n';
import { useT } from '../i18n/useT';
import { routePath } from '../routing/links';
import type { Crumb } from '../routing/routeTypes';
import { buildCrumbs } from './buildCrumbs';
import { useCrumbLookups } from './useCrumbLookups';

/** The breadcrumb trail of the current route, from its metadata in the registry. */
export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  const t = useT();
  const params = useParams();
  const lookedUp = useCrumbLookups(crumbs, params);
  if (crumbs.length === 0) return null;

  const items = buildCrumbs(crumbs, {
    params,
    lookedUp,
    translate: (key) => (isMessageKey(key) ? t(key) : key),
    pathOf: (route) => {
      try {
        return routePath(route, definedParams(params));
      } catch {
        return null; // The target route needs a parameter this page does not have.
      }
    },
  });

  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {items.map((item, index) => (
          <li key={index} aria-current={index === items.length - 1 ? 'page' : undefined}>
            {item.href ? <Link to={item.href}>{item.text}</Link> : <span>{item.text}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function definedParams(params: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
