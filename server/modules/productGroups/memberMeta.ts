import type { GenericMeta } from '../../reads/genericMeta';

/**
 * Every product as the "all products" tab lists it (schema ProductGroupCandidate without
 * in_group, which the handler adds for the page): searched by name or SKU, by vendor, sorted by
 * name or SKU, through the generic list machinery.
 */
export const candidateListMeta: GenericMeta = {
  kind: 'list',
  entity: 'product',
  fields: ['id', 'name', 'product_code'],
  expand: [{ property: 'vendor', via: 'vendor', entity: 'vendor', fields: ['id', 'name', 'image_url'] }],
  sort: ['name', 'product_code'],
  filters: [
    { param: 'text', match: 'search', fields: ['name', 'product_code'] },
    { param: 'vendor', match: 'in', fields: ['vendor'] },
  ],
};
