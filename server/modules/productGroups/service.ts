import type { Knex } from 'knex';
import { DomainError, recordNotFound } from '../../domain/errors';
import type { Records } from '../../writes/records';

interface GroupRow {
  id: number;
  name: string;
  subscription_product_type: string | null;
}

async function groupRow(db: Knex, id: number): Promise<GroupRow> {
  const row = (await db('product_groups').where('id', id).first('id', 'name', 'subscription_product_type')) as GroupRow | undefined;
  if (!row) throw recordNotFound();
  return row;
}

async function productCode(db: Knex, id: number): Promise<string> {
  const row = (await db('products').where('id', id).first('product_code')) as { product_code: string } | undefined;
  if (!row) throw new DomainError('unprocessable', 'unknown_value', { field: 'product', detail: 'product names no product' });
  return row.product_code;
}

/** A product into a group: an audit entry of the group naming the SKU; a product already there is a 409. */
export async function addProduct(records: Records, groupId: number, productId: number): Promise<number> {
  await groupRow(records.db, groupId);
  const sku = await productCode(records.db, productId);
  return records.insert(
    'product_group_product',
    { product_group: groupId, product: productId },
    { auditOn: { entity: 'product_group', id: groupId, field: 'products', value: sku } },
  );
}

/** A product out of a group; one the group does not hold is a 404. */
export async function removeProduct(records: Records, groupId: number, productId: number): Promise<void> {
  const member = (await records.db('product_group_products').where({ product_group_id: groupId, product_id: productId }).first('id')) as
    { id: number } | undefined;
  if (!member) throw recordNotFound();
  const sku = await productCode(records.db, productId);
  await records.remove('product_group_product', member.id, {
    auditOn: { entity: 'product_group', id: groupId, field: 'products', value: sku },
  });
}

/** 002 §2.9: a BASE group offers ADD_ON groups, and nothing else offers or is offered. */
export async function addRelation(records: Records, groupId: number, relatedId: number): Promise<number> {
  const group = await groupRow(records.db, groupId);
  if (group.subscription_product_type !== 'BASE')
    throw new DomainError('unprocessable', 'product_group_not_base', { detail: `group ${groupId} is not a BASE group` });
  const related = await groupRow(records.db, relatedId).catch(() => {
    throw new DomainError('unprocessable', 'unknown_value', {
      field: 'related_product_group',
      detail: 'related_product_group names no group',
    });
  });
  if (related.subscription_product_type !== 'ADD_ON')
    throw new DomainError('unprocessable', 'product_group_not_add_on', { field: 'related_product_group' });
  return records.insert(
    'product_group_relation',
    { product_group: groupId, related_product_group: relatedId },
    { auditOn: { entity: 'product_group', id: groupId, field: 'related_groups', value: related.name } },
  );
}

export async function removeRelation(records: Records, groupId: number, relatedId: number): Promise<void> {
  const relation = (await records
    .db('product_group_relations')
    .where({ product_group_id: groupId, related_product_group_id: relatedId })
    .first('id')) as { id: number } | undefined;
  if (!relation) throw recordNotFound();
  const related = await groupRow(records.db, relatedId);
  await records.remove('product_group_relation', relation.id, {
    auditOn: { entity: 'product_group', id: groupId, field: 'related_groups', value: related.name },
  });
}

/** Removes every add-on group a group offers (a group no longer BASE, 002 §4), each as a change of the group. */
export async function removeRelations(records: Records, groupId: number): Promise<void> {
  const related = (await records.db('product_group_relations').where('product_group_id', groupId).select('related_product_group_id')) as {
    related_product_group_id: number;
  }[];
  for (const row of related) await removeRelation(records, groupId, Number(row.related_product_group_id));
}
