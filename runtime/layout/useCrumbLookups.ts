import { useEffect, useState } from 'react';
import { isAbortError } from '../api/client';
import type { Crumb } from '../routing/routeTypes';
import { crumbResolvers } from './crumbResolvers';

/**
 * Loads the names of the lookup crumbs of the current route. A failed lookup leaves the crumb
 * showing its parameter: the screen itself reports the failure (e.g. redirects to notFound).
 */
export function useCrumbLookups(crumbs: readonly Crumb[], params: Readonly<Record<string, string | undefined>>): Record<number, string> {
  const [names, setNames] = useState<Record<number, string>>({});
  // The lookups depend only on the resolver names and the parameter values they read.
  const wanted = crumbs
    .map((crumb, index) => ({ index, lookup: crumb.lookup, value: crumb.param ? params[crumb.param] : undefined }))
    .filter((entry): entry is { index: number; lookup: string; value: string } => !!entry.lookup && !!entry.value);
  const signature = JSON.stringify(wanted);

  useEffect(() => {
    const controller = new AbortController();
    const lookups: { index: number; lookup: string; value: string }[] = JSON.parse(signature);
    setNames({});
    for (const { index, lookup, value } of lookups) {
      const resolve = crumbResolvers[lookup];
      if (!resolve) continue;
      resolve(value, controller.signal).then(
        (name) => setNames((current) => ({ ...current, [index]: name })),
        (error: unknown) => {
          if (!isAbortError(error)) console.warn(`Breadcrumb lookup ${lookup}(${value}) failed`, error);
        },
      );
    }
    return () => controller.abort();
  }, [signature]);

  return names;
}
