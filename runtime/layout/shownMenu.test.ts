import { describe, expect, it } from 'vitest';
import { menu } from '../generated/menu';
import { findRoute } from '../routing/links';
import type { GuardHolder } from '../session/guard';
import type { MenuItemDef } from './menuTypes';
import { currentEntryPath, shownMenu, type MenuRoute, type ShownItem } from './shownMenu';

const ROUTES: Record<string, MenuRoute> = {
  store: { path: '/webstore' },
  orders: { path: '/webstore/orders', guard: { permission: 'order:view' } },
  quotes_out: { path: '/webstore/quotesoutward', guard: { root: true } },
  quotes_in: { path: '/webstore/quotesinward' },
  users: { path: '/backoffice/users', guard: { permission: 'user:view' } },
  metrics: { path: '/backoffice/metrics', guard: { root: true } },
};
const routeOf = (name: string): MenuRoute => ROUTES[name]!;

const MENU: MenuItemDef[] = [
  { kind: 'entry', label: 'menu.webstore', route: 'store' },
  { kind: 'entry', label: 'menu.orders', route: 'orders' },
  { kind: 'entry', label: 'menu.quotes', route: 'quotes_out' },
  { kind: 'entry', label: 'menu.quotes', route: 'quotes_in', guard: { root: false } },
  {
    kind: 'group',
    name: 'back_office',
    label: 'menu.back_office',
    entries: [
      { kind: 'entry', label: 'menu.users', route: 'users' },
      { kind: 'entry', label: 'menu.metrics', route: 'metrics' },
      { kind: 'entry', label: 'menu.api_reference', href: '/api/v1/docs', guard: { root: true } },
    ],
  },
];

const person = (overrides: Partial<GuardHolder> & { grants?: string[] }): GuardHolder => ({
  admin: overrides.admin ?? false,
  root: overrides.root ?? false,
  permissions: (overrides.grants ?? []).map((permission) => ({ permission, parent: true })),
});

/** Labels, with a group as its label and its entries' labels. */
const labels = (items: ShownItem[]) =>
  items.map((item) => (item.kind === 'group' ? [item.label, item.entries.map((entry) => entry.label)] : item.label));

describe('shownMenu', () => {
  it.each([
    { name: 'a visitor who is not signed in sees nothing', user: null, want: [] },
    {
      name: 'a user without permissions: the store and inward quotes, no back office',
      user: person({}),
      want: ['menu.webstore', 'menu.quotes'],
    },
    {
      name: 'a user with order and user views: orders, inward quotes, the back office with users',
      user: person({ grants: ['order:view', 'user:view'] }),
      want: ['menu.webstore', 'menu.orders', 'menu.quotes', ['menu.back_office', ['menu.users']]],
    },
    {
      name: 'a root admin: everything, outward quotes, the API reference',
      user: person({ root: true, admin: true }),
      want: ['menu.webstore', 'menu.orders', 'menu.quotes', ['menu.back_office', ['menu.users', 'menu.metrics', 'menu.api_reference']]],
    },
  ])('$name', ({ user, want }) => {
    expect(labels(shownMenu(MENU, user, routeOf))).toEqual(want);
  });

  it('leads each entry to its route, or to the server page of its href', () => {
    const items = shownMenu(MENU, person({ root: true, admin: true }), routeOf);
    expect(items[2]).toEqual({ kind: 'entry', label: 'menu.quotes', path: '/webstore/quotesoutward', route: true });
    const group = items[3];
    expect(group?.kind === 'group' && group.entries[2]).toEqual({
      kind: 'entry',
      label: 'menu.api_reference',
      path: '/api/v1/docs',
      route: false,
    });
  });

  it('shows the spec menu to a buyer without the back office (two-factor sign-in is everyone’s), and all of it to a root admin', () => {
    const buyer = person({ grants: ['order:view', 'order:view_draft', 'invoice:view', 'subscription:view'] });
    expect(labels(shownMenu(menu, buyer, findRoute))).toEqual([
      'menu.webstore',
      'menu.baskets',
      'menu.orders',
      'menu.quotes',
      'menu.subscriptions',
      'menu.invoices',
      'menu.two_factor',
    ]);
    const backOffice = shownMenu(menu, person({ root: true, admin: true }), findRoute).find((item) => item.kind === 'group');
    expect(backOffice && labels([backOffice])).toEqual([
      [
        'menu.back_office',
        [
          'menu.organisations',
          'menu.users',
          'menu.roles',
          'menu.product_groups',
          'menu.feeds',
          'menu.metrics',
          'menu.emails',
          'menu.api_reference',
        ],
      ],
    ]);
  });
});

describe('currentEntryPath', () => {
  const items = shownMenu(MENU, person({ root: true, admin: true }), routeOf);
  it.each([
    ['/webstore', '/webstore'],
    ['/webstore/product/12', '/webstore'],
    ['/webstore/orders', '/webstore/orders'],
    ['/webstore/orders/7/audit', '/webstore/orders'],
    ['/webstore/ordersarchive', '/webstore'],
    ['/webstore/quotesoutward/new', '/webstore/quotesoutward'],
    ['/backoffice/users/3', '/backoffice/users'],
    ['/backoffice/roles', undefined],
    ['/api/v1/docs', undefined],
    ['/login', undefined],
  ])('%s belongs to %s', (pathname, want) => {
    expect(currentEntryPath(items, pathname)).toBe(want);
  });
});
