import { describe, expect, it } from 'vitest';
import { guardDecision, safeNextPath } from './guardDecision';

const buyer = { admin: false, root: false, permissions: [{ permission: 'quote:view', parent: false }] };
const orgAdmin = { ...buyer, admin: true };
const staff = { ...buyer, root: true };

describe('guardDecision', () => {
  it('renders a public route at once, even while the user loads', () => {
    expect(guardDecision({ public: true }, null, true)).toBe('render');
  });

  it('waits for the current user on other routes', () => {
    expect(guardDecision({ public: false }, null, true)).toBe('wait');
  });

  it('sends a signed-out visitor to log in', () => {
    expect(guardDecision({ public: false }, null, false)).toBe('login');
  });

  it('renders an unguarded route for any signed-in user', () => {
    expect(guardDecision({ public: false }, buyer, false)).toBe('render');
  });

  it('checks a permission, which admins always have', () => {
    const route = { public: false, guard: { permission: 'quote:create' } };
    expect(guardDecision(route, buyer, false)).toBe('forbidden');
    expect(guardDecision(route, orgAdmin, false)).toBe('render');
    expect(guardDecision({ public: false, guard: { permission: 'quote:view' } }, buyer, false)).toBe('render');
  });

  it('checks root and admin flags', () => {
    expect(guardDecision({ public: false, guard: { root: true } }, orgAdmin, false)).toBe('forbidden');
    expect(guardDecision({ public: false, guard: { root: true } }, staff, false)).toBe('render');
    expect(guardDecision({ public: false, guard: { root: true, admin: true } }, staff, false)).toBe('forbidden');
    expect(guardDecision({ public: false, guard: { admin: true } }, orgAdmin, false)).toBe('render');
  });

  it('root: false keeps supplier staff out and lets everyone else in', () => {
    expect(guardDecision({ public: false, guard: { root: false } }, staff, false)).toBe('forbidden');
    expect(guardDecision({ public: false, guard: { root: false } }, buyer, false)).toBe('render');
    expect(guardDecision({ public: false, guard: { root: false } }, orgAdmin, false)).toBe('render');
  });
});

describe('guardDecision with any (002 §6 feeds: root, or the permission with a linked account)', () => {
  const feeds = { public: false, guard: { any: [{ root: true }, { permission: 'feed_configuration:manage', linked_account: true }] } };
  const manager = (linked: boolean | undefined) => ({
    admin: false,
    root: false,
    permissions: [{ permission: 'feed_configuration:manage', parent: true }],
    ...(linked !== undefined && { organisation: { linked_account: linked } }),
  });
  it.each([
    { name: 'root without the permission', given: { ...buyer, root: true }, want: 'render' },
    { name: 'the permission with a linked account', given: manager(true), want: 'render' },
    { name: 'the permission without a linked account', given: manager(false), want: 'forbidden' },
    { name: 'the permission, organisation unknown', given: manager(undefined), want: 'forbidden' },
    { name: 'a linked account without the permission', given: { ...buyer, organisation: { linked_account: true } }, want: 'forbidden' },
    {
      name: 'an admin (every permission) with a linked account',
      given: { ...orgAdmin, organisation: { linked_account: true } },
      want: 'render',
    },
    { name: 'an admin without a linked account', given: { ...orgAdmin, organisation: { linked_account: false } }, want: 'forbidden' },
  ])('$name → $want', ({ given, want }) => {
    expect(guardDecision(feeds, given, false)).toBe(want);
  });
});

describe('safeNextPath', () => {
  it('keeps a path of this site with its query', () => {
    expect(safeNextPath('/webstore/product/3?x=1', '/webstore')).toBe('/webstore/product/3?x=1');
  });

  it('falls back for missing or foreign targets', () => {
    for (const next of [null, '', 'webstore', '//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      expect(safeNextPath(next, '/webstore')).toBe('/webstore');
    }
  });
});
