import type { Crumb } from '../routing/routeTypes';

/** A breadcrumb ready to draw: a link when `href` is set, plain text otherwise. */
export interface CrumbItem {
  text: string;
  href: string | null;
}

export const BACK_OFFICE_LABEL = 'crumb.back_office';

interface CrumbSources {
  params: Readonly<Record<string, string | undefined>>;
  /** Names loaded by lookups, by crumb index; missing while loading or after a failure. */
  lookedUp: Readonly<Record<number, string | undefined>>;
  translate: (key: string) => string;
  /** The path of a named route with the current params; null when it cannot be built. */
  pathOf: (route: string) => string | null;
}

/**
 * The breadcrumbs of a route (000 §2.2, 002 §2.2): a crumb's name is a fixed message, a name
 * looked up from a route parameter (the parameter itself until it loads), or the parameter.
 * The last crumb is not a link, and when a crumb is named back office the first is not either.
 */
export function buildCrumbs(crumbs: readonly Crumb[], sources: CrumbSources): CrumbItem[] {
  const hasBackOffice = crumbs.some((crumb) => crumb.label === BACK_OFFICE_LABEL);
  return crumbs.map((crumb, index) => {
    const paramValue = crumb.param ? (sources.params[crumb.param] ?? '') : '';
    const text = crumb.label ? sources.translate(crumb.label) : crumb.lookup ? (sources.lookedUp[index] ?? paramValue) : paramValue;
    const isLast = index === crumbs.length - 1;
    const linkless = isLast || (hasBackOffice && index === 0) || !crumb.route;
    return { text, href: linkless || !crumb.route ? null : sources.pathOf(crumb.route) };
  });
}
