import { useEffect, useState } from 'react';
import { fetchList } from '../api/client';

/**
 * The ids of the organisations of the signed-in user's tree (their own and below: GET
 * /organisations/picker, which every signed-in user may read), asked once per user and page load
 * and shared by every reference on the page. Only a hint for what to link: the server decides
 * what each page shows (a record outside the tree is its notFound).
 */
const asked = new Map<number, Promise<ReadonlySet<number>>>();

function scopeOf(userId: number): Promise<ReadonlySet<number>> {
  let scope = asked.get(userId);
  if (!scope) {
    scope = fetchList<{ id: number }>('/organisations/picker', { per_page: 1000 }).then(
      ({ rows }) => new Set(rows.map((row) => row.id)),
      () => {
        asked.delete(userId);
        return new Set<number>();
      },
    );
    asked.set(userId, scope);
  }
  return scope;
}

/** The organisations of the user's tree, null while asking (or with nobody signed in). */
export function useOrganisationScope(userId: number | undefined): ReadonlySet<number> | null {
  const [scope, setScope] = useState<ReadonlySet<number> | null>(null);
  useEffect(() => {
    if (userId === undefined) return undefined;
    let current = true;
    void scopeOf(userId).then((ids) => {
      if (current) setScope(ids);
    });
    return () => {
      current = false;
    };
  }, [userId]);
  return scope;
}

/** Forget the answers (an organisation was created or moved): the next reference asks again. */
export function forgetOrganisationScope(): void {
  asked.clear();
}
