import { DomainError } from '../../domain/errors';
import type { AccountManagerInput, NewAccountManager } from '../../generated/types';
import type { Records } from '../../writes/records';
import { providerDomainAllows } from './organisationRules';

/**
 * An organisation's account managers (002 §2.4 account managers tab, §3, §5): each belongs to one
 * organisation, with an e-mail unique there in any case (the database's unique index, so two saves
 * side by side cannot both add the same one); its children choose their supplier account manager
 * among them. Every one added, changed or removed is a change of the organisation in the audit log.
 */

interface ManagerRow {
  id: number;
  account_manager_name: string;
  account_manager_email: string;
  account_manager_phone: string | null;
}

const describe = (row: { account_manager_name: string; account_manager_email: string }) =>
  `${row.account_manager_name} <${row.account_manager_email}>`;

async function managersOf(records: Records, organisationId: number): Promise<ManagerRow[]> {
  return (await records
    .db('account_managers')
    .where('organisation_id', organisationId)
    .orderBy('id')
    .select('id', 'account_manager_name', 'account_manager_email', 'account_manager_phone')) as ManagerRow[];
}

/** A unique index's refusal, named by the list item it came from so the editor can show it there. */
function renamed<T>(field: string, write: () => Promise<T>): Promise<T> {
  return write().catch((error: unknown) => {
    if (error instanceof DomainError && error.code === 'duplicate_value')
      throw new DomainError('conflict', 'duplicate_value', { field, detail: 'this e-mail is already an account manager here' });
    throw error;
  });
}

/** The root organisation's managers are the provider's staff (002 §5): on its own domain. */
function checkProviderDomain(email: string, field: string, root: { isRoot: boolean; baseUrl: unknown }): void {
  if (root.isRoot && !providerDomainAllows(root.baseUrl, email.trim())) {
    throw new DomainError('unprocessable', 'provider_domain_required', { field, detail: 'an e-mail on the provider’s own domain' });
  }
}

/**
 * Makes the organisation's account managers exactly `wanted`: an item with an id changes that
 * manager (one of this organisation's, else 422 unknown_value), one without adds a manager, and a
 * manager left out is removed (409 record_in_use while a child organisation still names it).
 * E-mails repeated in the list, in any case, are refused before anything is written.
 */
export async function saveAccountManagers(
  records: Records,
  organisationId: number,
  wanted: readonly AccountManagerInput[],
  root: { isRoot: boolean; baseUrl: unknown },
): Promise<void> {
  const seen = new Map<string, number>();
  wanted.forEach((item, i) => {
    const email = item.account_manager_email.trim().toLowerCase();
    if (seen.has(email))
      throw new DomainError('conflict', 'duplicate_value', {
        field: `account_managers[${i}].account_manager_email`,
        detail: 'each e-mail once',
      });
    seen.set(email, i);
    checkProviderDomain(item.account_manager_email, `account_managers[${i}].account_manager_email`, root);
  });
  const stored = await managersOf(records, organisationId);
  const byId = new Map(stored.map((row) => [Number(row.id), row]));
  wanted.forEach((item, i) => {
    if (item.id !== undefined && !byId.has(item.id))
      throw new DomainError('unprocessable', 'unknown_value', {
        field: `account_managers[${i}].id`,
        detail: 'not an account manager of this organisation',
      });
  });
  const kept = new Set(wanted.flatMap((item) => (item.id === undefined ? [] : [item.id])));
  const auditOn = (value: string) => ({ entity: 'organisation', id: organisationId, field: 'account_managers', value }) as const;
  for (const row of stored) {
    if (!kept.has(Number(row.id))) await records.remove('account_manager', Number(row.id), { auditOn: auditOn(describe(row)) });
  }
  for (const [i, item] of wanted.entries()) {
    const values = {
      account_manager_name: item.account_manager_name,
      account_manager_email: item.account_manager_email,
      account_manager_phone: item.account_manager_phone ?? null,
    };
    const field = `account_managers[${i}].account_manager_email`;
    const before = item.id === undefined ? undefined : byId.get(item.id);
    if (!before) {
      await renamed(field, () =>
        records.insert('account_manager', { ...values, organisation: organisationId }, { auditOn: auditOn(describe(values)) }),
      );
      continue;
    }
    const changes = await renamed(field, () => records.update('account_manager', Number(before.id), values));
    if (changes.length > 0)
      await records.audit.record('organisation', organisationId, 'UPDATE', [
        { field: 'account_managers', old: describe(before), new: describe({ ...before, ...values }) },
      ]);
  }
}

/**
 * 002 §3 "The supplier_account_manager is either an id or a new name, phone and e-mail": a new one
 * joins the parent's account managers (the supplier's staff for this organisation) under the same
 * rules as the account managers tab, and its id is the choice. A chosen id must be one of the
 * parent's managers, unless it is the one the organisation already has (kept as it was).
 */
export async function supplierAccountManager(
  records: Records,
  parent: { id: number; isRoot: boolean; baseUrl: unknown } | null,
  chosen: number | null | undefined,
  created: NewAccountManager | null | undefined,
  current: number | null,
): Promise<number | null | undefined> {
  if (created) {
    if (!parent)
      throw new DomainError('unprocessable', 'account_manager_not_offered', {
        field: 'new_supplier_account_manager',
        detail: 'the root organisation has no supplier',
      });
    if (chosen !== undefined && chosen !== null && chosen !== current)
      throw new DomainError('invalid', 'invalid_body', {
        field: 'new_supplier_account_manager',
        detail: 'either a chosen or a new account manager',
      });
    checkProviderDomain(created.account_manager_email, 'new_supplier_account_manager.account_manager_email', parent);
    const values = {
      account_manager_name: created.account_manager_name,
      account_manager_email: created.account_manager_email,
      account_manager_phone: created.account_manager_phone ?? null,
    };
    const auditOn = { entity: 'organisation', id: parent.id, field: 'account_managers', value: describe(values) } as const;
    return renamed('new_supplier_account_manager.account_manager_email', () =>
      records.insert('account_manager', { ...values, organisation: parent.id }, { auditOn }),
    );
  }
  if (chosen === undefined || chosen === null || chosen === current) return chosen;
  const offered = parent && (await records.db('account_managers').where({ id: chosen, organisation_id: parent.id }).first('id'));
  if (!offered)
    throw new DomainError('unprocessable', 'account_manager_not_offered', {
      field: 'supplier_account_manager',
      detail: 'not one of the parent organisation’s account managers',
    });
  return chosen;
}
