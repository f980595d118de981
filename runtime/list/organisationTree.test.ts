import { describe, expect, it } from 'vitest';
import { groupByOrganisation, inTreeOrder, visibleTreeItems, type TreeItem } from './organisationTree';

const supplier = { id: 1, name: 'Supplier', depth: 0, parent: null };
const zulu = { id: 2, name: 'Zulu Reseller', depth: 1, parent: 1 };
const alpha = { id: 5, name: 'Alpha Reseller', depth: 1, parent: 1 };
const customer = { id: 3, name: 'Customer', depth: 2, parent: 2 };
const detached = { id: 9, name: 'Branch', depth: 3, parent: 8 };

const outline = (items: TreeItem[]) =>
  items.map((item) => (item.kind === 'organisation' ? `${'  '.repeat(item.level)}${item.organisation.name}` : `- ${String(item.row.id)}`));

describe('groupByOrganisation with the known organisations (tree_ancestors)', () => {
  it('shows the ancestors of organisations with rows, and no organisation without rows below it', () => {
    const known = [supplier, zulu, alpha, customer];
    expect(outline(groupByOrganisation([{ id: 10, organisation: customer }], 'organisation', known))).toEqual([
      'Supplier',
      '  Zulu Reseller',
      '    Customer',
      '- 10',
    ]);
  });

  it('stops at an ancestor it does not know', () => {
    expect(outline(groupByOrganisation([{ id: 10, organisation: customer }], 'organisation', [zulu, customer]))).toEqual([
      'Zulu Reseller',
      '  Customer',
      '- 10',
    ]);
  });
});

describe('groupByOrganisation', () => {
  const rows = [
    { id: 10, organisation: customer },
    { id: 11, organisation: zulu },
    { id: 12, organisation: supplier },
    { id: 13, organisation: alpha },
    { id: 14, organisation: zulu },
    { id: 15, organisation: null },
    { id: 16, organisation: detached },
  ];

  it('puts rows under their organisation, children in name order within their parent', () => {
    expect(outline(groupByOrganisation(rows, 'organisation'))).toEqual([
      'Branch',
      '- 16',
      'Supplier',
      '- 12',
      '  Alpha Reseller',
      '- 13',
      '  Zulu Reseller',
      '- 11',
      '- 14',
      '    Customer',
      '- 10',
      '- 15',
    ]);
  });

  it('hides everything inside a collapsed organisation, but not the organisation itself', () => {
    const items = groupByOrganisation(rows, 'organisation');
    expect(outline(visibleTreeItems(items, new Set([2])))).toEqual([
      'Branch',
      '- 16',
      'Supplier',
      '- 12',
      '  Alpha Reseller',
      '- 13',
      '  Zulu Reseller',
      '- 15',
    ]);
  });

  it('gives nothing for an empty page', () => {
    expect(groupByOrganisation([], 'organisation')).toEqual([]);
  });
});

describe('inTreeOrder', () => {
  it('puts children under their parent, by name, whatever the order given', () => {
    const names = inTreeOrder([zulu, customer, alpha, supplier, detached]).map((organisation) => organisation.name);
    expect(names).toEqual(['Branch', 'Supplier', 'Alpha Reseller', 'Zulu Reseller', 'Customer']);
  });
});
