import { useEffect, useState } from 'react';
import { API_BASE, isAbortError } from '../api/client';
import { inTreeOrder } from './organisationTree';

/** An organisation the user can see, as the organisation picker answers it. */
export interface OrganisationOption {
  id: number;
  name: string;
  depth: number;
  parent?: number | null;
}

/** `unavailable`: the picker failed, so the widget is hidden. */
export type OrganisationOptions = { status: 'loading' } | { status: 'unavailable' } | { status: 'ready'; organisations: OrganisationOption[] };

/**
 * 000 §6 organisation picker: the user's own organisation and its descendants by name, readable by
 * every signed-in user (the organisations list itself needs organisation:view); `where` adds query
 * parameters that narrow it (a filter's `where`).
 */
export function organisationsUrl(where: Readonly<Record<string, string | number | boolean>> = {}): string {
  const extra = Object.entries(where).map(([name, value]) => `&${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  return `${API_BASE}/organisations/picker?per_page=1000&sort_by=%2Bname${extra.join('')}`;
}

/** The organisations the user can see (those matching `where`), for the organisation filter, in tree order. */
export function useOrganisationOptions(enabled: boolean, where?: Readonly<Record<string, string | number | boolean>>): OrganisationOptions {
  const [options, setOptions] = useState<OrganisationOptions>({ status: 'loading' });
  const url = organisationsUrl(where);
  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' }, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) return setOptions({ status: 'unavailable' });
        const organisations = (await response.json()) as OrganisationOption[];
        setOptions({ status: 'ready', organisations: inTreeOrder(organisations) });
      })
      .catch((error: unknown) => {
        if (!isAbortError(error)) setOptions({ status: 'unavailable' });
      });
    return () => controller.abort();
  }, [enabled, url]);
  return options;
}
