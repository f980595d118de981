import { useId } from 'react';
import { useT } from '../../i18n/useT';
import { useCurrentUser } from '../../session/useCurrentUser';
import { useOrganisationOptions } from '../useOrganisationOptions';
import { stringValue, type FilterWidgetProps } from './filterWidgetProps';

/** Non-breaking spaces, since option text cannot be styled with padding. */
const INDENT = '\u00a0\u00a0\u00a0';

/**
 * A choice among the organisations the user can see (narrowed by the filter's `where`, e.g. to
 * linked-account organisations), indented by depth, or all of them; with `descendants`, only
 * those below the user's own (001 §2 quote recipients). Hidden while the picker is unavailable.
 */
export function OrganisationFilter({ filter, label, values, onChange }: FilterWidgetProps) {
  const t = useT();
  const id = useId();
  const { user } = useCurrentUser();
  const options = useOrganisationOptions(true, filter.where);
  const param = filter.params[0]!;
  if (options.status !== 'ready') return null;
  const organisations = filter.descendants ? options.organisations.filter((organisation) => organisation.id !== user?.organisation.id) : options.organisations;
  if (organisations.length === 0) return null;
  const top = Math.min(...organisations.map((organisation) => organisation.depth));
  return (
    <div className="generic-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={stringValue(values, param)} onChange={(event) => onChange(param, event.target.value)}>
        <option value="">{t('filters.all')}</option>
        {organisations.map((organisation) => (
          <option key={organisation.id} value={String(organisation.id)}>
            {INDENT.repeat(Math.max(0, organisation.depth - top))}
            {organisation.name}
          </option>
        ))}
      </select>
    </div>
  );
}
