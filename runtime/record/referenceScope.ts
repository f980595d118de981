/**
 * Whether a reference's record is in the viewer's scope: a root user's tree is every
 * organisation's, so everything; anyone else's is their organisation and those below it, known for
 * organisations (`scope`, the ids of their tree) — other records (a user, a role) carry no
 * organisation in a reference, so for them the name stays plain text rather than risk a link to a
 * page that answers notFound.
 */
export function mayOpenReference(route: string, id: number, root: boolean, scope: ReadonlySet<number> | null): boolean {
  if (root) return true;
  return route === 'organisation' && scope !== null && scope.has(id);
}
