import { describe, expect, it } from 'vitest';
import { guardPasses, type Guard } from './guard';
import type { SessionUser } from './sessionUser';

function user(overrides: { admin?: boolean; root?: boolean; linked?: boolean; resellers?: boolean; grants?: string[] }): SessionUser {
  return {
    id: 1,
    name: 'u',
    email_address: 'u@example.test',
    admin: overrides.admin ?? false,
    root: overrides.root ?? false,
    timezone: 'Europe/London',
    user_language: 'en',
    timeout: 1800,
    organisation: {
      id: 1,
      name: 'o',
      parent: null,
      tree_path: '/1/',
      currency: 'GBP',
      finance_type: null,
      po_number_required: false,
      force_po_uniqueness: false,
      can_create_resellers: overrides.resellers ?? false,
      assigned_price_list_id: null,
      linked_account: overrides.linked ?? false,
      branding: { image: null, background_image: null, nav_bar_colour: null, footer_text: null, heading_font: null, text_body_font: null },
    },
    modules: ['WEBSTORE'],
    permissions: new Map((overrides.grants ?? []).map((name) => [name, 2 as const])),
    real: null,
    twoFactorMissing: false,
  };
}

/** 002 §6 feeds: root, or an organisation with a linked account plus feed_configuration:manage. */
const FEEDS: Guard = { any: [{ root: true }, { permission: 'feed_configuration:manage', linked_account: true }] };

describe('guardPasses', () => {
  it.each([
    { name: 'root without the permission or a link', given: user({ root: true }), want: true },
    { name: 'the permission with a linked account', given: user({ grants: ['feed_configuration:manage'], linked: true }), want: true },
    { name: 'the permission without a linked account', given: user({ grants: ['feed_configuration:manage'] }), want: false },
    { name: 'a linked account without the permission', given: user({ linked: true }), want: false },
    { name: 'an admin (every permission) with a linked account', given: user({ admin: true, linked: true }), want: true },
    { name: 'an admin without a linked account', given: user({ admin: true }), want: false },
  ])('feeds guard: $name → $want', ({ given, want }) => {
    expect(guardPasses(given, FEEDS)).toBe(want);
  });

  it('organisation creation needs the permission and an organisation that may create resellers (002 §2.3)', () => {
    const guard: Guard = { permission: 'organisation:modify', can_create_resellers: true };
    expect(guardPasses(user({ grants: ['organisation:modify'], resellers: true }), guard)).toBe(true);
    expect(guardPasses(user({ grants: ['organisation:modify'] }), guard)).toBe(false);
    expect(guardPasses(user({ resellers: true }), guard)).toBe(false);
  });

  it('needs every condition given beside any', () => {
    expect(guardPasses(user({ root: true }), { admin: true, any: [{ root: true }, { linked_account: true }] })).toBe(false);
    expect(guardPasses(user({ root: true, admin: true }), { admin: true, any: [{ root: true }, { linked_account: true }] })).toBe(true);
  });

  it('root: true lets supplier staff in, root: false everyone else', () => {
    expect(guardPasses(user({ root: true }), { root: true })).toBe(true);
    expect(guardPasses(user({ admin: true }), { root: true })).toBe(false);
    expect(guardPasses(user({ root: true, admin: true }), { root: false })).toBe(false);
    expect(guardPasses(user({ admin: true }), { root: false })).toBe(true);
    expect(guardPasses(user({}), { root: false })).toBe(true);
  });
});
