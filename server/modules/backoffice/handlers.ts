import { genericGet, genericList } from '../../http/genericList';
import type { Handler } from '../../http/operationDef';
import type { Feed, FeedRow, ProductGroup, RoleRow } from '../../generated/types';
import { feedUser, rootUser, signedIn } from './access';
import {
  feedGetMeta,
  feedListMeta,
  productGroupGetMeta,
  productGroupListMeta,
  roleListMeta,
  roleTemplateListMeta,
} from './listMeta';

export const listRoles: Handler<'listRoles'> = async ({ query }, context) => {
  const page = await genericList(context.db, roleListMeta, { params: {}, query: { ...query, template: false }, user: signedIn(context) });
  return page as { rows: RoleRow[]; total: number };
};

export const listRoleTemplates: Handler<'listRoleTemplates'> = async ({ query }, context) => {
  const page = await genericList(context.db, roleTemplateListMeta, { params: {}, query: { ...query, template: true }, user: signedIn(context) });
  return page as { rows: RoleRow[]; total: number };
};

export const listProductGroups: Handler<'listProductGroups'> = async ({ query }, context) => {
  const user = rootUser(context);
  return (await genericList(context.db, productGroupListMeta, { params: {}, query: { ...query }, user })) as { rows: ProductGroup[]; total: number };
};

export const getProductGroup: Handler<'getProductGroup'> = async ({ params }, context) => {
  const user = rootUser(context);
  return (await genericGet(context.db, productGroupGetMeta, { params, query: {}, user })) as ProductGroup;
};

export const listFeeds: Handler<'listFeeds'> = async ({ query }, context) => {
  const user = await feedUser(context.db, context);
  return (await genericList(context.db, feedListMeta, { params: {}, query: { ...query }, user })) as { rows: FeedRow[]; total: number };
};

export const getFeed: Handler<'getFeed'> = async ({ params }, context) => {
  const user = await feedUser(context.db, context);
  return (await genericGet(context.db, feedGetMeta, { params, query: {}, user })) as Feed;
};
