import type { Knex } from 'knex';
import { writeVersionedRows } from './versionedRows';

/**
 * Gives a demo role one more permission at a value (1 child organisations, 2 own and below), for
 * a test that needs a grant the demo data lacks; the answer takes it back.
 */
export async function grantPermission(db: Knex, roleName: string, permission: string, value: 1 | 2): Promise<() => Promise<void>> {
  const { id: permissionId } = (await db('permissions').where('name', permission).first('id')) as { id: number };
  const { id: roleId } = (await db('roles').where('name', roleName).first('id')) as { id: number };
  await writeVersionedRows(db, (trx) => trx('role_permissions').insert({ role_id: roleId, permission_id: permissionId, value }));
  return async () => {
    await writeVersionedRows(db, (trx) => trx('role_permissions').where({ role_id: roleId, permission_id: permissionId }).delete());
  };
}
