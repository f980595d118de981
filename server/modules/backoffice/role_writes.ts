import type { Handler } from '../../http/operationDef';
import { signedIn } from '../auth/signedIn';
import { getRole } from './handlers';
import { insertRole } from './roleService';

/** A new role (002 §2.8 roles/new); the rules are insertRole's. Answers the role as getRole shows it. */
export const createRole: Handler<'createRole'> = async ({ body }, context) => {
  const id = await insertRole(context.db, signedIn(context), body, new Date(context.now()));
  return getRole({ params: { id }, query: {}, body: undefined }, context);
};

/**
 * 002 §4 "Duplicating sends id, name, organisation and template and returns the new id": the
 * source must be a role the caller may open (getRole: 404 otherwise); the copy gets its permissions.
 */
export const duplicateRole: Handler<'duplicateRole'> = async ({ params, body }, context) => {
  const source = await getRole({ params: { id: params.id }, query: {}, body: undefined }, context);
  const id = await insertRole(context.db, signedIn(context), body, new Date(context.now()), source.id);
  return getRole({ params: { id }, query: {}, body: undefined }, context);
};
