import type { ListRow } from './cellFormat';

/** The organisation a tree list row carries (schema OrganisationRef). */
export interface OrganisationRef {
  id: number;
  name: string;
  depth: number;
  parent: number | null;
}

export type TreeItem =
  | { kind: 'organisation'; organisation: OrganisationRef; level: number; ancestors: readonly number[] }
  | { kind: 'row'; row: ListRow; ancestors: readonly number[] };

function asOrganisation(value: unknown): OrganisationRef | null {
  if (!value || typeof value !== 'object') return null;
  const candidate = value as Partial<OrganisationRef>;
  if (typeof candidate.id !== 'number' || typeof candidate.name !== 'string') return null;
  return { id: candidate.id, name: candidate.name, depth: candidate.depth ?? 0, parent: candidate.parent ?? null };
}

const byName = (a: OrganisationRef, b: OrganisationRef) => a.name.localeCompare(b.name) || a.id - b.id;

/**
 * Groups one page of rows under their organisations (the `field` property of each row), with
 * each organisation followed by its rows (in the server's order) and then its child
 * organisations, in name order within their parent. The ancestors of those organisations that
 * `known` holds (the organisations the user can see) are shown too, without rows of their own, so
 * that only organisations with rows or with descendants with rows appear, in one tree. An
 * organisation whose parent is not shown starts a tree of its own, so `level` is the nesting shown
 * here. Rows without an organisation come last.
 */
export function groupByOrganisation(rows: readonly ListRow[], field: string, known: readonly OrganisationRef[] = []): TreeItem[] {
  const organisations = new Map<number, OrganisationRef>();
  const rowsOf = new Map<number, ListRow[]>();
  const orphans: ListRow[] = [];
  for (const row of rows) {
    const organisation = asOrganisation(row[field]);
    if (!organisation) {
      orphans.push(row);
      continue;
    }
    organisations.set(organisation.id, organisation);
    rowsOf.set(organisation.id, [...(rowsOf.get(organisation.id) ?? []), row]);
  }
  const knownById = new Map(known.map((organisation) => [organisation.id, organisation]));
  for (const organisation of [...organisations.values()]) {
    let parent = organisation.parent === null ? undefined : knownById.get(organisation.parent);
    while (parent && !organisations.has(parent.id)) {
      organisations.set(parent.id, parent);
      parent = parent.parent === null ? undefined : knownById.get(parent.parent);
    }
  }
  const childrenOf = new Map<number | null, OrganisationRef[]>();
  for (const organisation of organisations.values()) {
    const parent = organisation.parent !== null && organisations.has(organisation.parent) ? organisation.parent : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), organisation]);
  }
  const items: TreeItem[] = [];
  const visit = (organisation: OrganisationRef, level: number, ancestors: readonly number[]) => {
    items.push({ kind: 'organisation', organisation, level, ancestors });
    const inside = [...ancestors, organisation.id];
    for (const row of rowsOf.get(organisation.id) ?? []) items.push({ kind: 'row', row, ancestors: inside });
    for (const child of (childrenOf.get(organisation.id) ?? []).sort(byName)) visit(child, level + 1, inside);
  };
  for (const root of (childrenOf.get(null) ?? []).sort(byName)) visit(root, 0, []);
  for (const row of orphans) items.push({ kind: 'row', row, ancestors: [] });
  return items;
}

/** The items still shown when some organisations are collapsed: everything inside them is hidden. */
export function visibleTreeItems(items: readonly TreeItem[], collapsed: ReadonlySet<number>): TreeItem[] {
  return items.filter((item) => !item.ancestors.some((id) => collapsed.has(id)));
}

/**
 * Organisations (the organisation filter's choices) in tree order: each followed by its children,
 * in name order within their parent; those whose parent is not in the list start a tree.
 */
export function inTreeOrder<Organisation extends { id: number; name: string; parent?: number | null }>(
  organisations: readonly Organisation[],
): Organisation[] {
  const ids = new Set(organisations.map((organisation) => organisation.id));
  const childrenOf = new Map<number | null, Organisation[]>();
  for (const organisation of organisations) {
    const parent = organisation.parent != null && ids.has(organisation.parent) ? organisation.parent : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), organisation]);
  }
  const ordered: Organisation[] = [];
  const visit = (parent: number | null) => {
    const children = [...(childrenOf.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
    for (const child of children) {
      ordered.push(child);
      visit(child.id);
    }
  };
  visit(null);
  return ordered;
}
