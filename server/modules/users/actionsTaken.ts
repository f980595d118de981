import type { UserAction } from '../../generated/types';
import { genericChildren } from '../../reads/genericList';
import type { GenericMeta, Handler } from '../../http/operationDef';
import { visibleRecord } from '../../reads/recordParts';
import { referencedRows, want, type Wanted } from '../../writes/auditValues';
import { signedIn } from '../auth/signedIn';

/** The user's actions as the generic child list reads them (newest first, 24 a page). */
const actionsMeta: GenericMeta = {
  kind: 'children',
  entity: 'user_action',
  fields: ['id', 'timestamp', 'ip_address', 'action', 'on'],
  expand: [{ property: 'on_behalf', via: 'on_behalf', entity: 'user', fields: ['id', 'name'] }],
  sort: ['timestamp'],
  filters: [],
  children: { of: 'getUser', via: 'user', where: {}, defaultSort: '-timestamp' },
};

type StoredAction = Omit<UserAction, 'on_type' | 'on_id' | 'on_name'>;

/** `on` as the audit trail writes it: "<entity> <id>" (modules/audit/auditTrail.ts). */
function target(on: string | null): { type: UserAction['on_type'] & string; id: number } | null {
  const match = on === null ? null : /^([a-z_]+) (\d+)$/.exec(on);
  return match ? { type: match[1] as UserAction['on_type'] & string, id: Number(match[2]) } : null;
}

/**
 * 002 §2.6 actions taken, each naming what it was on (issue 17: no raw id on a back-office
 * screen): the entity, its id (the list links it) and its name now — one query for the page's
 * targets of every kind — or null when it has none or is gone. For a user of the caller's tree
 * (404 otherwise, as for their page).
 */
export const listUserActions: Handler<'listUserActions'> = async ({ params, query }, context) => {
  const user = signedIn(context);
  await visibleRecord('getUser', params.id, context);
  const page = (await genericChildren(
    context.db,
    actionsMeta,
    { params: { id: params.id }, query: { ...query }, user, sharedParent: false },
    true,
  )) as { rows: StoredAction[]; total: number };
  const wanted: Wanted = new Map();
  for (const row of page.rows) {
    const on = target(row.on);
    if (on) want(wanted, on.type, on.id);
  }
  const names = await referencedRows(context.db, wanted);
  return {
    rows: page.rows.map((row) => {
      const on = target(row.on);
      return { ...row, on_type: on?.type ?? null, on_id: on?.id ?? null, on_name: on ? (names.get(`${on.type}:${on.id}`) ?? null) : null };
    }),
    total: page.total,
  };
};
