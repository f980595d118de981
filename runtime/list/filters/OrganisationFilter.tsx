import { useId } from 'react';
import { useT } from '../../i18n/useT';
import { useCurrentUser } from '../../session/useCurrentUser';
import { OrganisationOptionList } from '../OrganisationOptionList';
import { offeredOrganisations, useOrganisationOptions } from '../useOrganisationOptions';
import { useMessage } from '../useMessage';
import { stringValue, type FilterWidgetProps } from './filterWidgetProps';

/** The option value of the `others` choice; organisation ids are digits only. */
const OTHERS = 'others';

/**
 * A choice among the organisations the user can see (narrowed by the filter's `where`, e.g. to
 * linked-account organisations), indented by depth, or all of them; with `descendants`, only
 * those below the user's own (001 §2 quote recipients). With a second, boolean parameter, the
 * `others` option sets it instead (001 §2 "my customers": every organisation but the user's own).
 * Hidden while the picker is unavailable.
 */
export function OrganisationFilter({ filter, label, values, onChange }: FilterWidgetProps) {
  const t = useT();
  const id = useId();
  const { user } = useCurrentUser();
  const options = useOrganisationOptions(true, filter.where);
  const message = useMessage();
  const param = filter.params[0]!;
  const flag = filter.others === undefined ? undefined : filter.params[1];
  if (options.status !== 'ready') return null;
  const organisations = offeredOrganisations(options.organisations, filter.descendants, user?.organisation.id);
  if (organisations.length === 0) return null;
  return (
    <div className="generic-filter">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={flag !== undefined && values[flag] === 'true' ? OTHERS : stringValue(values, param)}
        onChange={(event) => {
          const chosen = event.target.value;
          if (flag !== undefined) onChange(flag, chosen === OTHERS ? 'true' : '');
          onChange(param, chosen === OTHERS ? '' : chosen);
        }}
      >
        <option value="">{t('filters.all')}</option>
        {flag !== undefined && <option value={OTHERS}>{message(filter.others!) ?? filter.others}</option>}
        <OrganisationOptionList organisations={organisations} />
      </select>
    </div>
  );
}
