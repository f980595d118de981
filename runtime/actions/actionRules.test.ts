import { describe, expect, it } from 'vitest';
import { ApiProblem } from '../api/problem';
import {
  actionBody,
  bodyFromRow,
  callPath,
  failureAlert,
  mayOfferActions,
  messageValues,
  offeredActions,
  successAlert,
  type ActionUser,
} from './actionRules';
import type { ActionConfig } from './actionTypes';

const disable: ActionConfig = {
  name: 'disable',
  label: 'feeds.disable',
  guards: [{ permission: 'feed_configuration:manage' }, { any: [{ root: true }, { linked_account: true }] }],
  when: { active: true },
  call: {
    operation: 'disableFeed',
    method: 'post',
    path: '/feeds/{id}/disable',
    params: { id: { from: 'row', field: 'id' } },
    body: false,
  },
  success: 'feed_disabled_success',
  failure: 'feed_status_failure',
};
const enableOrganisation: ActionConfig = {
  name: 'enable',
  guards: [{ permission: 'organisation:modify' }],
  notSelf: 'organisation',
  call: {
    operation: 'enableOrganisation',
    method: 'post',
    path: '/organisations/{id}/enable',
    params: { id: { from: 'row', field: 'id' } },
    body: false,
  },
};
const enableUser: ActionConfig = { ...enableOrganisation, notSelf: 'user', guards: [{ permission: 'user:admin' }] };

const manager: ActionUser = {
  id: 2,
  admin: false,
  root: false,
  permissions: [{ permission: 'feed_configuration:manage', parent: true }],
  organisation: { id: 2, linked_account: true },
};
const buyer: ActionUser = { id: 3, admin: false, root: false, permissions: [], organisation: { id: 3 } };
const rootAdmin: ActionUser = { id: 1, admin: true, root: true, permissions: [], organisation: { id: 1 } };

describe('which actions a row offers', () => {
  it('needs every guard: the action and its operation', () => {
    expect(offeredActions([disable], { id: 1, active: true }, manager).map((action) => action.name)).toEqual(['disable']);
    expect(offeredActions([disable], { id: 1, active: true }, { ...manager, organisation: { id: 2, linked_account: false } })).toEqual([]);
    expect(offeredActions([disable], { id: 1, active: true }, buyer)).toEqual([]);
    expect(offeredActions([disable], { id: 1, active: true }, null)).toEqual([]);
  });

  it('needs the row to meet `when`', () => {
    expect(offeredActions([disable], { id: 1, active: false }, rootAdmin)).toEqual([]);
  });

  it("is never offered on the caller's own organisation or user", () => {
    expect(offeredActions([enableOrganisation], { id: 1 }, rootAdmin)).toEqual([]);
    expect(offeredActions([enableOrganisation], { id: 2 }, rootAdmin)).toHaveLength(1);
    expect(offeredActions([enableUser], { id: 1 }, rootAdmin)).toEqual([]);
    expect(offeredActions([enableUser], { id: 3 }, rootAdmin)).toHaveLength(1);
  });

  it("on a record of the caller's own organisation, needs a grant over it, not only over those below (000 §6, 001 §4 resubmit)", () => {
    const resubmit: ActionConfig = {
      name: 'resubmit',
      guards: [{ permission: 'order:checkout' }],
      grantReaches: 'organisation',
      call: { operation: 'resubmitOrder', method: 'post', path: '/orders/{id}/resubmit', params: { id: { from: 'record' } }, body: false },
    };
    const below: ActionUser = { ...buyer, permissions: [{ permission: 'order:checkout', parent: false }] };
    const over: ActionUser = { ...buyer, permissions: [{ permission: 'order:checkout', parent: true }] };
    const own = { id: 17, organisation: { id: 3, name: 'Customer Co Ltd' } };
    const child = { id: 17, organisation: { id: 7, name: 'Customer Co Branch' } };
    expect(offeredActions([resubmit], own, below)).toEqual([]);
    expect(offeredActions([resubmit], child, below)).toHaveLength(1);
    expect(offeredActions([resubmit], own, over)).toHaveLength(1);
    expect(offeredActions([resubmit], own, { ...buyer, admin: true })).toHaveLength(1);
  });

  it('draws an actions column only when some action passes its guards', () => {
    expect(mayOfferActions([disable, enableUser], buyer)).toBe(false);
    expect(mayOfferActions([disable, enableUser], manager)).toBe(true);
    expect(mayOfferActions(undefined, rootAdmin)).toBe(false);
  });
});

describe('the call of an action', () => {
  const remove = {
    operation: 'removeProductGroupProduct',
    method: 'delete',
    path: '/productgroups/{id}/products/{product}',
    params: { id: { from: 'record' }, product: { from: 'row', field: 'product.id' } },
    body: false,
  } as const;

  it("fills the record's id and the row's properties, encoded", () => {
    expect(callPath(remove, { values: { id: 9, product: { id: 40, name: 'x' } }, recordId: '3' })).toBe('/productgroups/3/products/40');
    expect(callPath(disable.call!, { values: { id: 'a/b' } })).toBe('/feeds/a%2Fb/disable');
  });

  it('is null when a parameter has no value', () => {
    expect(callPath(remove, { values: { id: 9, product: null }, recordId: '3' })).toBeNull();
    expect(callPath(remove, { values: { id: 9, product: { id: 40 } } })).toBeNull();
  });

  it("sends the confirmation's trimmed input under its field, nothing when empty, no body when the operation takes none", () => {
    const rename: ActionConfig = {
      ...disable,
      call: { ...disable.call!, body: true },
      confirm: { text: 'x', input: { field: 'name', label: 'y' } },
    };
    expect(actionBody(rename, '  Spare  ')).toEqual({ name: 'Spare' });
    expect(actionBody(rename, '   ')).toEqual({});
    expect(actionBody(disable, 'ignored')).toBeUndefined();
  });

  it("builds a toggle's body from the row", () => {
    expect(bodyFromRow({ product: 'id', group: 'group.id' }, { id: 7, group: { id: 2 } })).toEqual({ product: 7, group: 2 });
  });
});

describe('the alerts of an action', () => {
  it('fill placeholders with the values as text, a reference by its name', () => {
    expect(
      messageValues({ id: 4, name: 'Daily', active: false, organisation: { id: 2, name: 'Reseller' }, notes: null, tags: ['a'] }),
    ).toEqual({
      id: '4',
      name: 'Daily',
      active: 'false',
      organisation: 'Reseller',
      notes: '',
    });
  });

  it('are success, or danger with the problem saying why when its message does', () => {
    expect(successAlert('action', 'delete:4', 'feed_deleted_success', { name: 'Daily' })).toEqual({
      type: 'action',
      key: 'delete:4',
      level: 'success',
      messageKey: 'feed_deleted_success',
      values: { name: 'Daily' },
    });
    const inUse = new ApiProblem({ status: 409, code: 'role_in_use', message_key: 'problem.role_in_use' });
    expect(failureAlert('action', 'delete:4', 'role_delete_failure', { name: 'Buyer' }, inUse)).toMatchObject({
      level: 'danger',
      messageKey: 'role_delete_failure',
      detail: { messageKey: 'problem.role_in_use' },
    });
    const broken = new ApiProblem({ status: 500, code: 'internal', message_key: 'problem.internal' });
    expect(failureAlert('action', 'delete:4', 'role_delete_failure', {}, broken).detail).toBeUndefined();
  });

  it('name the record and say that someone else changed it on a 412 (issue 22 item 17: the order was not named)', () => {
    const stale = new ApiProblem({ status: 412, code: 'stale_record', message_key: 'problem.stale_record' });
    expect(failureAlert('action', 'deny:4', 'order_deny_failure', { name: 'HUB-10004' }, stale)).toEqual({
      type: 'action',
      key: 'deny:4',
      level: 'danger',
      messageKey: 'order_deny_failure',
      values: { name: 'HUB-10004' },
      detail: { messageKey: 'problem.stale_record' },
    });
    expect(failureAlert('form', 'feed_form', 'feed_create_failure', { name: 'Daily' }, stale, false).detail).toEqual({
      messageKey: 'problem.stale_record',
    });
  });
});

describe('the failure alert of a form', () => {
  it('leaves the reason to the form, which shows it beside its field', () => {
    const taken = new ApiProblem({ status: 409, code: 'duplicate_value', message_key: 'problem.duplicate_value', parameter: 'name' });
    expect(failureAlert('form', 'feed_form', 'feed_create_failure', { name: 'Daily' }, taken, false)).toEqual({
      type: 'form',
      key: 'feed_form',
      level: 'danger',
      messageKey: 'feed_create_failure',
      values: { name: 'Daily' },
    });
  });
});
