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
