import { describe, expect, it } from 'vitest';
import { emitMenu } from '../emit/runtimeCode';
import { modelErrorOf, modelOf } from '../testing/fragments';

// The header menu (spec `menu`): entries by route and label, groups, extra guards, and every
// problem named at once.

const ROUTES = [
  'permissions:',
  '  - { name: "order:view", module: WEBSTORE }',
  'screens:',
  '  home_page: { component: home/Home#Home }',
  'routes:',
  '  - { name: login, path: /login, public: true, screen: home_page }',
  '  - { name: root, path: /, redirect: store }',
  '  - { name: store, path: /store, screen: home_page }',
  '  - { name: orders, path: /store/orders, screen: home_page, guard: { permission: "order:view" } }',
  '  - { name: order, path: "/store/orders/:id", screen: home_page, guard: { permission: "order:view" } }',
  '  - { name: staff, path: /staff, screen: home_page, guard: { root: true } }',
  '  - { name: notFound, path: "*", public: true, screen: home_page }',
  '',
].join('\n');

const MESSAGES = [
  'messages:',
  '  crumb.home: Home',
  '  menu.store: Store',
  '  menu.orders: Orders',
  '  menu.staff: Staff',
  '  menu.back: Back office',
  '  menu.docs: API',
  '',
].join('\n');

const given = (menu: string, extra: Record<string, string> = {}) => ({
  'routes.yaml': ROUTES,
  'messages/en.yaml': MESSAGES,
  'menu.yaml': `menu:\n${menu}`,
  ...extra,
});

const MENU = [
  '  - { route: store, label: menu.store }',
  '  - { route: orders, label: menu.orders, guard: { root: false } }',
  '  - group: back',
  '    label: menu.back',
  '    entries:',
  '      - { route: staff, label: menu.staff }',
  '      - { href: /api/v1/docs, label: menu.docs, guard: { root: true } }',
  '',
].join('\n');

describe('the menu', () => {
  it('keeps entries and groups in order, with each entry its route or href and its own guard', () => {
    expect(modelOf(given(MENU)).menu).toEqual([
      { kind: 'entry', label: 'menu.store', route: 'store' },
      { kind: 'entry', label: 'menu.orders', route: 'orders', guard: { root: false } },
      {
        kind: 'group',
        name: 'back',
        label: 'menu.back',
        entries: [
          { kind: 'entry', label: 'menu.staff', route: 'staff' },
          { kind: 'entry', label: 'menu.docs', href: '/api/v1/docs', guard: { root: true } },
        ],
      },
    ]);
  });

  it('is empty when the spec has none', () => {
    expect(modelOf({ 'routes.yaml': ROUTES, 'messages/en.yaml': MESSAGES }).menu).toEqual([]);
  });

  it('is emitted for the runtime as the model has it, typed by the runtime', () => {
    const code = emitMenu(modelOf(given('  - { route: store, label: menu.store }\n')));
    expect(code).toContain(`import type { MenuItemDef } from '../layout/menuTypes';`);
    expect(code).toContain(
      'export const menu: readonly MenuItemDef[] = [\n  {\n    "kind": "entry",\n    "label": "menu.store",\n    "route": "store"\n  }\n];',
    );
  });

  it.each([
    ['an unknown route', '  - { route: nowhere, label: menu.store }\n', 'menu.yaml:2: menu.0.route: unknown route "nowhere"'],
    [
      'a route taking a parameter',
      '  - { route: order, label: menu.orders }\n',
      'menu.yaml:2: menu.0.route: route "order" takes :id, which a menu entry cannot give',
    ],
    [
      'the fallback route',
      '  - { route: notFound, label: menu.store }\n',
      'menu.yaml:2: menu.0.route: route "notFound" is public; the menu is for signed-in users',
    ],
    [
      'a public route',
      '  - { route: login, label: menu.store }\n',
      'menu.yaml:2: menu.0.route: route "login" is public; the menu is for signed-in users',
    ],
    [
      'a redirect',
      '  - { route: root, label: menu.store }\n',
      'menu.yaml:2: menu.0.route: route "root" redirects to "store"; name that route instead',
    ],
    ['an unknown label', '  - { route: store, label: menu.nothing }\n', 'menu.yaml:2: menu.0.label: unknown message "menu.nothing"'],
    [
      'an unknown permission in a guard',
      '  - { route: store, label: menu.store, guard: { permission: "x:y" } }\n',
      'menu.yaml:2: menu.0.guard.permission: unknown permission "x:y"',
    ],
    [
      'a group with an unknown label',
      '  - { group: g, label: menu.nothing, entries: [{ route: store, label: menu.store }] }\n',
      'menu.yaml:2: menu.0.label: unknown message "menu.nothing"',
    ],
    [
      'an entry of a group',
      '  - { group: g, label: menu.back, entries: [{ route: order, label: menu.orders }] }\n',
      'menu.yaml:2: menu.0.entries.0.route: route "order" takes :id',
    ],
    [
      'a group defined twice',
      '  - { group: g, label: menu.back, entries: [{ route: store, label: menu.store }] }\n  - { group: g, label: menu.back, entries: [{ route: orders, label: menu.orders }] }\n',
      'menu.yaml:3: menu.1.group: group "g" is defined twice',
    ],
    [
      'an entry with both a route and an href',
      '  - { route: store, href: /x, label: menu.store }\n',
      'menu.yaml:2: menu.0: must match exactly one schema in oneOf',
    ],
    [
      'an empty group',
      '  - { group: g, label: menu.back, entries: [] }\n',
      'menu.yaml:2: menu.0.entries: must NOT have fewer than 1 items',
    ],
    [
      'a guard demanding admin: false',
      '  - { route: store, label: menu.store, guard: { admin: false } }\n',
      'menu.yaml:2: menu.0.guard.admin: must be equal to constant',
    ],
  ])('refuses %s', (_name, menu, message) => {
    expect(modelErrorOf(given(menu))).toContain(message);
  });

  it('refuses a second menu', () => {
    expect(modelErrorOf(given(MENU, { 'other.yaml': 'menu:\n  - { route: store, label: menu.store }\n' }))).toBe(
      'other.yaml:1: menu: the menu is already defined in menu.yaml',
    );
  });

  it('names every problem at once, one a line', () => {
    const menu = [
      '  - { route: nowhere, label: menu.nothing }',
      '  - { group: g, label: menu.back, entries: [{ route: order, label: menu.orders }] }',
      '',
    ].join('\n');
    expect(modelErrorOf(given(menu)).split('\n')).toEqual([
      'menu.yaml:2: menu.0.label: unknown message "menu.nothing"',
      'menu.yaml:2: menu.0.route: unknown route "nowhere"',
      'menu.yaml:3: menu.1.entries.0.route: route "order" takes :id, which a menu entry cannot give',
    ]);
  });
});
