import type {
  ProductGroup,
  ProductGroupAddOn,
  ProductGroupInput,
  ProductGroupCandidate,
  ProductGroupProduct,
  ProductGroupRelation,
} from '../../generated/types';
import { genericGet, genericList } from '../../reads/genericList';
import { genericUpdate } from '../../http/genericWrite';
import type { Handler, RequestContext } from '../../http/operationDef';
import { genericMetaOf, visibleRecord } from '../../reads/recordParts';
import { signedIn } from '../auth/signedIn';
import { candidateListMeta } from './memberMeta';
import { addProduct, addRelation, removeProduct, removeRelation, removeRelations } from './service';

// A group's members (002 §2.9); each handler first opens the group as its page does (404 if missing).
const group = (id: number, context: RequestContext) => visibleRecord('getProductGroup', id, context);

export const listProductGroupCandidates: Handler<'listProductGroupCandidates'> = async ({ params, query }, context) => {
  await group(params.id, context);
  const page = (await genericList(context.db, candidateListMeta, { params: {}, query: { ...query }, user: signedIn(context) })) as {
    rows: Omit<ProductGroupCandidate, 'in_group'>[];
    total: number;
  };
  const ids = page.rows.map((row) => row.id);
  const held = new Set(
    (
      (await context.db('product_group_products').where('product_group_id', params.id).whereIn('product_id', ids).select('product_id')) as {
        product_id: number;
      }[]
    ).map((row) => Number(row.product_id)),
  );
  return { rows: page.rows.map((row) => ({ ...row, in_group: held.has(row.id) })), total: page.total };
};

export const addProductGroupProduct: Handler<'addProductGroupProduct'> = async ({ params, body }, context) => {
  await group(params.id, context);
  const id = await addProduct(context.records, params.id, body.product);
  return (await genericGet(
    context.db,
    { ...genericMetaOf('listProductGroupProducts'), kind: 'get' },
    { params: { id }, query: {}, user: context.user },
  )) as ProductGroupProduct;
};

export const removeProductGroupProduct: Handler<'removeProductGroupProduct'> = async ({ params }, context) => {
  await group(params.id, context);
  await removeProduct(context.records, params.id, params.product);
};

/** Every ADD_ON group, by name, each with whether this group offers it. */
export const listProductGroupAddOns: Handler<'listProductGroupAddOns'> = async ({ params }, context) => {
  await group(params.id, context);
  const { db } = context;
  const offered = new Set(
    (
      (await db('product_group_relations').where('product_group_id', params.id).select('related_product_group_id')) as {
        related_product_group_id: number;
      }[]
    ).map((row) => Number(row.related_product_group_id)),
  );
  const addOns = (await db('product_groups')
    .where('subscription_product_type', 'ADD_ON')
    .orderByRaw('lower(name)')
    .orderBy('id')
    .select('id', 'name', 'status', 'subscription_type')) as Omit<ProductGroupAddOn, 'related'>[];
  return addOns.map((addOn) => ({ ...addOn, id: Number(addOn.id), related: offered.has(Number(addOn.id)) }));
};

export const addProductGroupRelation: Handler<'addProductGroupRelation'> = async ({ params, body }, context) => {
  await group(params.id, context);
  const id = await addRelation(context.records, params.id, body.related_product_group);
  return (await genericGet(
    context.db,
    { ...genericMetaOf('listProductGroupRelatedGroups'), kind: 'get' },
    { params: { id }, query: {}, user: context.user },
  )) as ProductGroupRelation;
};

/**
 * 002 §2.9, §3, §5 the group definition, by the generic update's rules (a product type only with a
 * subscription type, the name unique in any case); 002 §4 "Clearing the subscription type to None
 * also clears the subscription product type and the related groups": a group no longer BASE offers
 * no add-on groups, each removal audited on the group.
 */
export const updateProductGroup: Handler<'updateProductGroup'> = async ({ params, query, body }, context) => {
  const meta = {
    ...genericMetaOf('getProductGroup'),
    kind: 'update' as const,
    write: { fields: Object.keys(PRODUCT_GROUP_FIELDS), requires: { subscription_product_type: 'subscription_type' } },
  };
  const updated = (await genericUpdate(context, meta, {
    params,
    query: query as Record<string, unknown>,
    body,
    user: signedIn(context),
  })) as ProductGroup;
  if (updated.subscription_product_type === 'BASE') return updated;
  await removeRelations(context.records, params.id);
  return updated;
};

/** The fields of ProductGroupInput, which the update writes. */
const PRODUCT_GROUP_FIELDS: Record<keyof ProductGroupInput, true> = {
  name: true,
  description: true,
  detailed_description: true,
  status: true,
  subscription_type: true,
  subscription_product_type: true,
  grading: true,
};

export const removeProductGroupRelation: Handler<'removeProductGroupRelation'> = async ({ params }, context) => {
  await group(params.id, context);
  await removeRelation(context.records, params.id, params.related_product_group);
};
