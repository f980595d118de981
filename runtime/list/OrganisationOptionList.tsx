import type { OrganisationOption } from './useOrganisationOptions';

/** Non-breaking spaces, since option text cannot be styled with padding. */
const INDENT = '\u00a0\u00a0\u00a0';

/**
 * The `<option>`s of an organisation choice (a list filter, a form field): in tree order, each
 * indented by its depth below the shallowest one offered.
 */
export function OrganisationOptionList({ organisations }: { organisations: readonly OrganisationOption[] }) {
  const top = Math.min(...organisations.map((organisation) => organisation.depth));
  return organisations.map((organisation) => (
    <option key={organisation.id} value={String(organisation.id)}>
      {INDENT.repeat(Math.max(0, organisation.depth - top))}
      {organisation.name}
    </option>
  ));
}
