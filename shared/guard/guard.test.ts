import { describe, expect, it } from 'vitest';
import { guardPasses, type Guard, type GuardSubject } from './guard';

/** A caller with nothing: no flags, no permissions, an organisation of no finance type below another. */
const NOBODY: GuardSubject = {
  root: false,
  admin: false,
  holds: () => false,
  linkedAccount: false,
  canCreateResellers: false,
  financeType: null,
  hasParent: true,
  emulating: false,
};
const caller = (overrides: Partial<GuardSubject> & { grants?: string[] } = {}): GuardSubject => {
  const { grants = [], ...rest } = overrides;
  return { ...NOBODY, holds: (permission) => rest.admin === true || grants.includes(permission), ...rest };
};

describe('guardPasses: one condition at a time, then together', () => {
  it.each<{ guard: Guard; given: GuardSubject; want: boolean }>([
    { guard: { permission: 'quote:view' }, given: caller({ grants: ['quote:view'] }), want: true },
    { guard: { permission: 'quote:view' }, given: caller(), want: false },
    { guard: { permission: 'quote:view' }, given: caller({ admin: true }), want: true },
    { guard: { root: true }, given: caller({ root: true }), want: true },
    { guard: { root: true }, given: caller(), want: false },
    { guard: { root: false }, given: caller({ root: true }), want: false },
    { guard: { root: false }, given: caller(), want: true },
    { guard: { admin: true }, given: caller(), want: false },
    { guard: { linked_account: true }, given: caller({ linkedAccount: true }), want: true },
    { guard: { linked_account: true }, given: caller(), want: false },
    { guard: { can_create_resellers: true }, given: caller({ canCreateResellers: true }), want: true },
    { guard: { can_create_resellers: true }, given: caller(), want: false },
    { guard: { finance: true }, given: caller({ financeType: 'AGENT' }), want: true },
    { guard: { finance: true }, given: caller({ hasParent: false }), want: true },
    { guard: { finance: true }, given: caller(), want: false },
    { guard: { emulating: false }, given: caller({ emulating: true }), want: false },
    { guard: { emulating: false }, given: caller(), want: true },
    { guard: { root: true, admin: true }, given: caller({ root: true }), want: false },
    {
      guard: { any: [{ root: true }, { permission: 'feed:x', linked_account: true }] },
      given: caller({ grants: ['feed:x'], linkedAccount: true }),
      want: true,
    },
    {
      guard: { any: [{ root: true }, { permission: 'feed:x', linked_account: true }] },
      given: caller({ grants: ['feed:x'] }),
      want: false,
    },
  ])('$guard for $given.root/$given.admin → $want', ({ guard, given, want }) => {
    expect(guardPasses(given, guard)).toBe(want);
  });
});
