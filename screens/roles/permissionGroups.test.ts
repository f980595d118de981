import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { english, loadCatalogue, LOCALES } from '../../runtime/generated/messages';
import { changedGrants, groupOf, keepChanges, permissionGroups, permissionLabel } from './permissionGroups';

const entry = (id: number, name: string, module = 'WEBSTORE') => ({ id, name, module });

describe('the groups of the permissions editor (002 §2.8)', () => {
  it('puts organisation, user, role and audit permissions in general, other WEBSTORE ones in the webstore module, DOVETAIL ones in the dovetail module', () => {
    expect(groupOf(entry(1, 'organisation:view'))).toBe('general');
    expect(groupOf(entry(2, 'user:admin'))).toBe('general');
    expect(groupOf(entry(3, 'role:modify'))).toBe('general');
    expect(groupOf(entry(4, 'audit:view'))).toBe('general');
    expect(groupOf(entry(5, 'order:view'))).toBe('webstore');
    expect(groupOf(entry(6, 'feed_configuration:manage'))).toBe('webstore');
    expect(groupOf(entry(7, 'site:view', 'DOVETAIL'))).toBe('dovetail');
  });

  it('lists the groups in order, each by name, leaving empty ones out', () => {
    const groups = permissionGroups([entry(5, 'quote:view'), entry(1, 'user:view'), entry(2, 'order:view'), entry(3, 'role:view')]);
    expect(groups.map((group) => [group.group, group.entries.map((one) => one.name)])).toEqual([
      ['general', ['role:view', 'user:view']],
      ['webstore', ['order:view', 'quote:view']],
    ]);
  });
});

describe('saving the permissions', () => {
  it('sends the permissions whose value changed, a removed grant as 0', () => {
    expect(changedGrants({ 1: 2, 2: 1 }, { 1: 2, 2: 0, 3: 1 })).toEqual([
      { permission: 2, value: 0 },
      { permission: 3, value: 1 },
    ]);
    expect(changedGrants({ 1: 2 }, { 1: 2, 4: 0 })).toEqual([]);
  });

  it("keeps the user's changes on top of grants loaded again", () => {
    expect(keepChanges({ 1: 2, 2: 1 }, { 1: 1, 2: 1 }, { 1: 2, 2: 2, 5: 1 })).toEqual({ 1: 1, 2: 2, 5: 1 });
  });
});

describe('permissionLabel', () => {
  const catalogue: Record<string, string> = { 'permission_type.order': 'Orders', 'permission_action.view_draft': 'view drafts' };
  const message = (key: string) => catalogue[key] ?? null;
  it('names a permission by its type and action, or by itself when the catalogue lacks a word', () => {
    expect(permissionLabel('order:view_draft', message)).toBe('Orders: view drafts');
    expect(permissionLabel('order:teleport', message)).toBe('order:teleport');
  });
});

describe('every permission of the spec', () => {
  const names = (
    parse(readFileSync(new URL('../../spec/permissions.yaml', import.meta.url), 'utf8')) as { permissions: { name: string }[] }
  ).permissions.map((permission) => permission.name);
  it.each(LOCALES)('has a label in %s', async (locale) => {
    const catalogue: Record<string, string> = locale === 'en' ? english : await loadCatalogue[locale]();
    const unlabelled = names.filter((name) => permissionLabel(name, (key) => catalogue[key] ?? null) === name);
    expect(unlabelled).toEqual([]);
  });
});
