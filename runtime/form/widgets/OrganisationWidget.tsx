import type { WidgetProps } from '@rjsf/utils';
import { useT } from '../../i18n/useT';
import { useOrganisationOptions } from '../../list/useOrganisationOptions';
import { useCurrentUser } from '../../session/useCurrentUser';
import { Spinner } from '../../ui/Spinner';

/** Non-breaking spaces, since option text cannot be styled with padding. */
const INDENT = '\u00a0\u00a0\u00a0';

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
  const organisations = descendants ? all.filter((organisation) => organisation.id !== user?.organisation.id) : all;
  const top = Math.min(...organisations.map((organisation) => organisation.depth));
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
      {organisations.map((organisation) => (
        <option key={organisation.id} value={String(organisation.id)}>
          {INDENT.repeat(Math.max(0, organisation.depth - top))}
          {organisation.name}
        </option>
      ))}
    </select>
  );
}
