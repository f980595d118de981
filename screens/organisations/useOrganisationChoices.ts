import { useEffect, useState } from 'react';
import { fetchList, isAbortError } from '../../runtime/api/client';
import { hasPermission } from '../../runtime/session/permissions';
import { useCurrentUser } from '../../runtime/session/useCurrentUser';
import type { CountryChoice } from '../baskets/countryOptions';
import type { AccountManager } from './organisationDraft';

/** A choice by id and name (a price list, a catalogue, a template role). */
export interface NamedChoice {
  id: number;
  name: string;
}

export interface TimezoneChoice {
  code: string;
  name: string;
}

/** What the editor's selects offer besides the record itself; each list empty until (or unless) it loads. */
export interface OrganisationChoices {
  /** The parent's account managers: the supplier account manager is one of them (002 §3). */
  managers: AccountManager[];
  priceLists: NamedChoice[];
  catalogues: NamedChoice[];
  timezones: TimezoneChoice[];
  countries: CountryChoice[];
  /** Template roles offered to a new organisation, and those its parent was given (ticked at first). */
  templates: NamedChoice[];
  parentTemplates: number[];
  /** The organisation's linked accounts (root users see them): with several, a billing account is named (002 §5). */
  linkedAccounts: number;
  /** It has child organisations (002 §2.4: the account managers tab is shown then, or when it can create resellers). */
  hasChildren: boolean;
}

const EMPTY: OrganisationChoices = {
  managers: [],
  priceLists: [],
  catalogues: [],
  timezones: [],
  countries: [],
  templates: [],
  parentTemplates: [],
  linkedAccounts: 0,
  hasChildren: false,
};

/** Rows of a list (the paged ones in one page) the caller may not read, or that fails, count as none: the select then offers what the record shows. */
async function rowsOf<T>(path: string | null, signal: AbortSignal, query: Record<string, string | number> = {}): Promise<T[]> {
  if (path === null) return [];
  try {
    return (await fetchList<T>(path, query, signal)).rows;
  } catch (error) {
    if (isAbortError(error)) throw error;
    return [];
  }
}

/**
 * Loads the choices of the organisation editor (002 §2.4): the parent's account managers and
 * template roles (again when another parent is chosen, 002 §4), price lists and catalogues for
 * root users, time zones and countries. `organisationId` is the organisation edited (none: a new one).
 */
export function useOrganisationChoices(parentId: number | null, organisationId: number | null, creating: boolean): OrganisationChoices {
  const { user } = useCurrentUser();
  const [choices, setChoices] = useState<OrganisationChoices>(EMPTY);
  const root = user?.root === true;
  const readsRoles = user !== null && hasPermission(user, 'role:view');

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const parentPath = parentId === null ? null : `/organisations/${parentId}`;
    Promise.all([
      rowsOf<AccountManager>(parentPath && `${parentPath}/account_managers`, signal),
      rowsOf<NamedChoice>(root ? '/price_lists' : null, signal, { per_page: 1000 }),
      rowsOf<NamedChoice>(root ? '/catalogues' : null, signal, { per_page: 1000 }),
      rowsOf<TimezoneChoice>(creating ? '/timezones' : null, signal, { per_page: 1000 }),
      rowsOf<CountryChoice>('/country_codes', signal, { per_page: 1000 }),
      rowsOf<NamedChoice>(creating && readsRoles ? '/roles/templates' : null, signal, { per_page: 1000 }),
      rowsOf<{ role: NamedChoice | null }>(creating && parentPath ? `${parentPath}/template_roles` : null, signal),
      rowsOf<unknown>(root && organisationId !== null ? `/organisations/${organisationId}/linked_accounts` : null, signal),
      rowsOf<unknown>(organisationId !== null ? `/organisations/${organisationId}/children` : null, signal),
    ]).then(
      ([managers, priceLists, catalogues, timezones, countries, templates, given, linked, children]) => {
        const parentTemplates = given.flatMap((row) => (row.role ? [row.role.id] : []));
        // A template the parent was given is offered even to a caller who cannot list every template.
        const offered = [
          ...templates,
          ...given.flatMap((row) => (row.role && !templates.some((template) => template.id === row.role!.id) ? [row.role] : [])),
        ];
        setChoices({
          managers,
          priceLists,
          catalogues,
          timezones,
          countries,
          templates: offered,
          parentTemplates,
          linkedAccounts: linked.length,
          hasChildren: children.length > 0,
        });
      },
      (error: unknown) => {
        if (!isAbortError(error)) setChoices(EMPTY);
      },
    );
    return () => controller.abort();
  }, [parentId, organisationId, creating, root, readsRoles]);

  return choices;
}
