import { describe, expect, it } from 'vitest';
import type { CellContext } from '../list/cellFormat';
import type { GenericColumn } from '../list/genericListConfig';
import { childCell, childLinkId, valueAt } from './childCells';

const messages: Record<string, string> = { 'list.yes': 'Yes', 'list.no': 'No', 'audit_action.UPDATE': 'Updated' };
const context: CellContext = { currency: 'GBP', timezone: 'Europe/London', message: (key) => messages[key] ?? null };
const column = (field: string, extra: Partial<GenericColumn> = {}): GenericColumn => ({
  field,
  label: field,
  format: 'text',
  sortable: false,
  ...extra,
});

const entry = {
  id: 1,
  timestamp: '2026-09-01T09:30:00.000Z',
  action: 'UPDATE',
  user: { id: 1, name: 'Sam Supplier' },
  on_behalf: null,
  account_manager: { id: 3, account_manager_name: 'Chloe Channel' },
  field_changes: [
    { id: 1, field: 'orders_require_manual_auth', old_value: 'false', new_value: 'true' },
    { id: 2, field: 'order_manual_auth_limit', old_value: null, new_value: '5000.00' },
  ],
};

describe('child list cells', () => {
  it('follows dotted paths into nested records', () => {
    expect(valueAt(entry, 'account_manager.account_manager_name')).toBe('Chloe Channel');
    expect(valueAt(entry, 'on_behalf.name')).toBeUndefined();
    expect(childCell(column('account_manager.account_manager_name'), entry, context)).toEqual({ kind: 'text', text: 'Chloe Channel' });
  });

  it('formats like list cells: references by name, enum labels, instants in the user zone, empty as a dash', () => {
    expect(childCell(column('user'), entry, context)).toEqual({ kind: 'text', text: 'Sam Supplier' });
    expect(childCell(column('action', { format: 'enum', enum: 'audit_action' }), entry, context)).toEqual({
      kind: 'text',
      text: 'Updated',
    });
    expect(childCell(column('timestamp', { format: 'datetime' }), entry, context)).toEqual({ kind: 'text', text: '1st Sep 2026, 10:30' });
    expect(childCell(column('on_behalf'), entry, context)).toEqual({ kind: 'text', text: '—' });
  });

  it('shows an array of child rows as a small table without their ids', () => {
    expect(childCell(column('field_changes'), entry, context)).toEqual({
      kind: 'rows',
      columns: ['Field', 'Old value', 'New value'],
      rows: [
        ['orders_require_manual_auth', 'false', 'true'],
        ['order_manual_auth_limit', '—', '5000.00'],
      ],
    });
    expect(childCell(column('field_changes'), { field_changes: [] }, context)).toEqual({ kind: 'text', text: '—' });
  });

  // Issue 22 item 15: an audit entry's changes read as the record screen shows the fields.
  it('shows an audit entry’s changes with field labels and values as the record screen shows them', () => {
    const labels: Record<string, string> = {
      ...messages,
      'audit.field': 'Field',
      'audit.old_value': 'Before',
      'audit.new_value': 'After',
      'orders.status': 'Status',
      'order_status.CREATED': 'Created',
      'orders.total': 'Total',
      'fields.date': 'Date',
      'orders.organisation': 'Organisation',
      'fields.finance_approved': 'Finance approved',
      'fields.line_items': 'Lines',
    };
    const reader: CellContext = { ...context, message: (key) => labels[key] ?? null };
    const order = {
      entity_type: 'order',
      field_changes: [
        { id: 1, field: 'status', old_value: null, new_value: 'CREATED' },
        { id: 2, field: 'total', old_value: null, new_value: '1249.50' },
        { id: 3, field: 'date', old_value: null, new_value: '2026-11-28T09:30:00.000Z' },
        // Written before instants were kept as ISO text: milliseconds.
        { id: 4, field: 'date', old_value: '1795812440640', new_value: null },
        { id: 5, field: 'organisation', old_value: null, new_value: 'Customer Co Ltd' },
        { id: 6, field: 'finance_approved', old_value: 'true', new_value: 'false' },
        { id: 7, field: 'line_items', old_value: null, new_value: 'HDMI cable 5 m' },
      ],
    };
    expect(childCell(column('field_changes'), order, reader)).toEqual({
      kind: 'rows',
      columns: ['Field', 'Before', 'After'],
      rows: [
        ['Status', '—', 'Created'],
        ['Total', '—', '£1,249.50'],
        ['Date', '—', '28th Nov 2026, 09:30'],
        ['Date', '27th Nov 2026, 20:47', '—'],
        ['Organisation', '—', 'Customer Co Ltd'],
        ['Finance approved', 'Yes', 'No'],
        ['Lines', '—', 'HDMI cable 5 m'],
      ],
    });
  });

  it('links with the id at the link parameter path', () => {
    expect(childLinkId(column('user', { link: 'user', linkParam: 'user.id' }), entry)).toBe('1');
    expect(childLinkId(column('name', { link: 'organisation' }), { id: 3 })).toBe('3');
    expect(childLinkId(column('on_behalf', { link: 'user', linkParam: 'on_behalf.id' }), entry)).toBeNull();
  });
});
