import { useEffect, useState } from 'react';
import { fetchList, isAbortError, type Query } from '../api/client';
import { inTreeOrder } from './organisationTree';

/** An organisation the user can see, as the organisation picker answers it. */
export interface OrganisationOption {
  id: number;
  name: string;
  depth: number;
  parent?: number | null;
}

/** `unavailable`: the picker failed, so the widget is hidden. */
export type OrganisationOptions =
  { status: 'loading' } | { status: 'unavailable' } | { status: 'ready'; organisations: OrganisationOption[] };

/**
 * 000 §6 organisation picker: the user's own organisation and its descendants by name, readable by
 * every signed-in user (the organisations list itself needs organisation:view).
 */
const PICKER_PATH = '/organisations/picker';

/** The organisations offered: with `descendants`, those below the user's own only (001 §2 quote recipients). */
export function offeredOrganisations(
  organisations: readonly OrganisationOption[],
  descendants: boolean | undefined,
  ownId: number | undefined,
): OrganisationOption[] {
  return descendants ? organisations.filter((organisation) => organisation.id !== ownId) : [...organisations];
}

/**
 * The organisations the user can see, for the organisation filter, in tree order; `where` adds
 * query parameters that narrow them (a filter's `where`).
 */
export function useOrganisationOptions(
  enabled: boolean,
  where: Readonly<Record<string, string | number | boolean>> = {},
): OrganisationOptions {
  const [options, setOptions] = useState<OrganisationOptions>({ status: 'loading' });
  // The effect follows the parameters' values, not the identity of the object holding them.
  const query = JSON.stringify({ per_page: 1000, sort_by: '+name', ...where });
  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    fetchList<OrganisationOption>(PICKER_PATH, JSON.parse(query) as Query, controller.signal)
      .then(({ rows }) => setOptions({ status: 'ready', organisations: inTreeOrder(rows) }))
      .catch((error: unknown) => {
        if (!isAbortError(error)) setOptions({ status: 'unavailable' });
      });
    return () => controller.abort();
  }, [enabled, query]);
  return options;
}
