import type { WidgetProps } from '@rjsf/utils';
import { useT } from '../../i18n/useT';
import { OrganisationOptionList } from '../../list/OrganisationOptionList';
import { offeredOrganisations, useOrganisationOptions } from '../../list/useOrganisationOptions';
import { useCurrentUser } from '../../session/useCurrentUser';
import { Spinner } from '../../ui/Spinner';

interface OrganisationWidgetOptions {
  where?: Record<string, string | number | boolean>;
  descendants?: boolean;
}

/**
 * A form's choice of organisation (a ref field): the organisations the user can see, indented by
 * depth, narrowed by the spec's `where` (linked accounts) or to those below the user's own
 * (`descendants`). The server still checks the choice: this list is only for comfort.
 */
export function OrganisationWidget({ id, value, required, disabled, readonly, options, onChange, onBlur, onFocus }: WidgetProps) {
  const t = useT();
  const { user } = useCurrentUser();
  const { where, descendants } = options as OrganisationWidgetOptions;
  const choices = useOrganisationOptions(true, where);
  if (choices.status === 'loading') return <Spinner />;
  const all = choices.status === 'ready' ? choices.organisations : [];
  const organisations = offeredOrganisations(all, descendants, user?.organisation.id);
  return (
    <select
      id={id}
      className="form-control"
      value={value === undefined || value === null ? '' : String(value)}
      required={required}
      disabled={disabled || readonly}
      onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    >
      <option value="">{t('form.choose_organisation')}</option>
      <OrganisationOptionList organisations={organisations} />
    </select>
  );
}
