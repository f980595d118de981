import { describe, expect, it } from 'vitest';
import { hasModule, hasPermission } from './permissions';

const buyer = {
  admin: false,
  permissions: [
    { permission: 'order:view', parent: true },
    { permission: 'order:checkout', parent: false },
  ],
  modules: ['WEBSTORE'],
};

describe('hasPermission', () => {
  it('grants every permission to an admin, even one nobody listed', () => {
    expect(hasPermission({ admin: true, permissions: [] }, 'role:modify', true)).toBe(true);
  });

  it('needs an entry of that name for anyone else', () => {
    expect(hasPermission(buyer, 'order:view')).toBe(true);
    expect(hasPermission(buyer, 'order:approve')).toBe(false);
  });

  it('needs parent true when the parent level is asked for', () => {
    expect(hasPermission(buyer, 'order:view', true)).toBe(true);
    expect(hasPermission(buyer, 'order:checkout', true)).toBe(false);
    expect(hasPermission(buyer, 'order:checkout', false)).toBe(true);
  });

  it('grants nothing to a signed-out visitor', () => {
    expect(hasPermission(null, 'order:view')).toBe(false);
    expect(hasPermission(undefined, 'order:view')).toBe(false);
  });
});

describe('hasModule', () => {
  it('checks the modules list', () => {
    expect(hasModule(buyer, 'WEBSTORE')).toBe(true);
    expect(hasModule(buyer, 'DOVETAIL')).toBe(false);
    expect(hasModule(null, 'WEBSTORE')).toBe(false);
  });
});
