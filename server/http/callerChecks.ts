import { guardPasses } from '../modules/auth/guard';
import { hasModule, hasPermission, type SessionUser } from '../modules/auth/sessionUser';
import type { OperationDef } from './operationDef';
import { forbidden } from './problem';

type Conditions = Pick<OperationDef, 'permission' | 'module' | 'guard'>;

/**
 * Whether the caller meets what an operation asks of them beyond signing in: its permission, its
 * module and its guard. A signed-out caller (of a public operation) can meet no guard.
 */
export function mayCall(user: SessionUser | undefined, operation: Conditions): boolean {
  if (!user) return !operation.guard;
  if (operation.permission && !hasPermission(user, operation.permission)) return false;
  if (operation.module && !hasModule(user, operation.module)) return false;
  if (operation.guard && !guardPasses(user, operation.guard)) return false;
  return true;
}

/** 403 unless the caller may call the operation (see mayCall). */
export function assertMayCall(user: SessionUser | undefined, operation: Conditions): void {
  if (!mayCall(user, operation)) throw forbidden();
}
