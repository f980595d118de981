import { describe, expect, it } from 'vitest';
import { modelOf } from '../testing/fragments';
import { listSort } from './queryParameters';

const spec = {
  'entities/a.yaml': 'entities:\n  vendor:\n    table: vendors\n    fields:\n      id: { type: id }\n      name: { type: string }\n',
  'api/a.yaml': [
    'schemas:',
    '  Vendor: { from: vendor, fields: [id, name] }',
    'operations:',
    '  listVendors:',
    '    { method: get, path: /vendors, auth: public, paged: { per_page_max: 9, per_page_default: 9 }, response: { array: Vendor },',
    '      generic: { list: vendor, schema: Vendor, sort: [name, id], default_sort: "-id" } }',
    '  findVendors:',
    '    { method: get, path: /found, auth: public, paged: { per_page_max: 9, per_page_default: 9 }, response: { array: Vendor },',
    '      handler: a/b#c, query: { sort_by: { type: enum, values: ["-name", "+name", "+id"], default: "-name" } } }',
    '  plainVendors:',
    '    { method: get, path: /plain, auth: public, paged: { per_page_max: 9, per_page_default: 9 }, response: { array: Vendor }, handler: a/b#d }',
  ].join('\n'),
};

describe('list sort options', () => {
  const model = modelOf(spec);
  const operation = (id: string) => model.operations.find((candidate) => candidate.id === id)!;

  it('come from a generic list', () => {
    expect(listSort(operation('listVendors'))).toEqual({ fields: ['name', 'id'], defaultSort: '-id' });
  });

  it("come from a hand-written list's sort_by parameter and its default", () => {
    expect(listSort(operation('findVendors'))).toEqual({ fields: ['name', 'id'], defaultSort: '-name' });
  });

  it('are none for a list without sort_by', () => {
    expect(listSort(operation('plainVendors'))).toEqual({ fields: [], defaultSort: '+id' });
  });
});
