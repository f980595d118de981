import type { Knex } from 'knex';
import { invalidValue, outsideScope } from '../../domain/errors';
import { genericGet } from '../../http/genericList';
import type { Handler } from '../../http/operationDef';
import type { Organisation, OrganisationInput } from '../../generated/types';
import { signedIn } from '../auth/signedIn';
import type { SessionUser } from '../auth/sessionUser';
import { organisationGetMeta } from './organisationMeta';

interface Parent {
  id: number;
  tree_path: string;
  depth: number;
}

/**
 * The parent must lie in the caller's subtree (their own organisation included: the new one is
 * then a child, which even a children-only grant covers); anything else is refused as out of scope,
 * whether it exists or not, so that ids outside the tree reveal nothing.
 */
async function parentInScope(db: Knex, user: SessionUser, parentId: number | null | undefined): Promise<Parent> {
  if (parentId === null || parentId === undefined) throw invalidValue('parent', 'parent is required');
  const parent = (await db('organisations').where('id', parentId).first('id', 'tree_path', 'depth')) as Parent | undefined;
  if (!parent || !parent.tree_path.startsWith(user.organisation.tree_path)) {
    throw outsideScope('parent');
  }
  return parent;
}

/** 002 §4: an organisation that creates resellers neither requires PO numbers nor forces their uniqueness. */
function definitionOf(body: OrganisationInput): OrganisationInput {
  return body.can_create_resellers ? { ...body, po_number_required: false, force_po_uniqueness: false } : body;
}

/**
 * 002 §2.4 new organisation: its place in the tree (tree_path, depth) follows from the parent, and
 * the path holds the new id, so it is completed in the same (the request's) transaction.
 */
export const createOrganisation: Handler<'createOrganisation'> = async ({ body }, context) => {
  const user = signedIn(context);
  const parent = await parentInScope(context.db, user, body.parent);
  const values = { ...definitionOf(body), parent: parent.id, depth: Number(parent.depth) + 1, tree_path: parent.tree_path };
  const id = await context.records.insert('organisation', values);
  await context.records.update('organisation', id, { tree_path: `${parent.tree_path}${id}/` }, { action: 'CREATE' });
  return (await genericGet(context.db, organisationGetMeta, { params: { id }, query: {}, user })) as Organisation;
};
