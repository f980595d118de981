import { guardPasses, type GuardHolder } from '../session/guard';
import type { GenericLink } from './genericListConfig';

export { guardPasses, type GuardHolder };

/**
 * The links shown at one place (a `both` link shows at header and footer) that the user passes;
 * a link with `minRows` only when the list holds that many rows (`rows`, unknown counting as none).
 */
export function linksAt(
  links: readonly GenericLink[],
  place: 'header' | 'footer',
  user: GuardHolder | null | undefined,
  rows?: number,
): GenericLink[] {
  return links.filter(
    (link) =>
      (link.place === place || link.place === 'both') &&
      guardPasses(user, link.guard) &&
      (link.minRows === undefined || (rows ?? 0) >= link.minRows),
  );
}

/** A link's server path with `{id}` filled in (encoded: the id comes from the address bar). */
export function linkHref(href: string, id: string | undefined): string {
  return href.replace(/\{id\}/g, encodeURIComponent(id ?? ''));
}
