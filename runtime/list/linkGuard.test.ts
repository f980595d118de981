import { describe, expect, it } from 'vitest';
import type { GenericLink } from './genericListConfig';
import { guardPasses, linkHref, linksAt, type GuardHolder } from './linkGuard';

const buyer: GuardHolder = { admin: false, root: false, permissions: [{ permission: 'order:checkout', parent: false }] };
const rootAdmin: GuardHolder = { admin: true, root: true, permissions: [] };

describe('guardPasses', () => {
  it('needs every condition of the guard', () => {
    expect(guardPasses(buyer, { permission: 'order:checkout' })).toBe(true);
    expect(guardPasses(buyer, { permission: 'order:view' })).toBe(false);
    expect(guardPasses(buyer, { root: true })).toBe(false);
    expect(guardPasses(rootAdmin, { root: true, admin: true, permission: 'order:view' })).toBe(true);
  });

  it('finance: the organisation has a finance type, or no parent', () => {
    const at = (finance_type: string | null, parent: number | null): GuardHolder => ({ ...buyer, organisation: { finance_type, parent } });
    expect(guardPasses(at('AGENT', 2), { finance: true })).toBe(true);
    expect(guardPasses(at(null, null), { finance: true })).toBe(true);
    expect(guardPasses(at(null, 2), { finance: true })).toBe(false);
    expect(guardPasses(buyer, { finance: true })).toBe(false);
  });

  it('lets anyone through without a guard and nobody signed out through one', () => {
    expect(guardPasses(null, undefined)).toBe(true);
    expect(guardPasses(null, { permission: 'order:checkout' })).toBe(false);
  });
});

describe('linksAt', () => {
  const links: GenericLink[] = [
    { label: 'a', route: 'x', place: 'header' },
    { label: 'b', route: 'x', place: 'both', guard: { permission: 'order:checkout' } },
    { label: 'c', route: 'x', place: 'footer', guard: { root: true } },
  ];

  it('picks the links of a place the user may follow', () => {
    expect(linksAt(links, 'header', buyer).map((link) => link.label)).toEqual(['a', 'b']);
    expect(linksAt(links, 'footer', buyer).map((link) => link.label)).toEqual(['b']);
    expect(linksAt(links, 'footer', rootAdmin).map((link) => link.label)).toEqual(['b', 'c']);
  });

  it('shows a link with minRows only once the list holds that many rows', () => {
    const footer: GenericLink[] = [{ label: 'add', route: 'x', place: 'footer', minRows: 11 }];
    expect(linksAt(footer, 'footer', buyer, 10)).toEqual([]);
    expect(linksAt(footer, 'footer', buyer, 11).map((link) => link.label)).toEqual(['add']);
    expect(linksAt(footer, 'footer', buyer)).toEqual([]);
    expect(linksAt(links, 'header', buyer, 0).map((link) => link.label)).toEqual(['a', 'b']);
  });
});

describe('linkHref', () => {
  it('fills {id} with the record id, encoded', () => {
    expect(linkHref('/webstore/orders/{id}/serials/export', '6')).toBe('/webstore/orders/6/serials/export');
    expect(linkHref('/x/{id}', '1/../2')).toBe('/x/1%2F..%2F2');
    expect(linkHref('/x', undefined)).toBe('/x');
  });
});
