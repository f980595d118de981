import { useT } from '../../runtime/i18n/useT';
import { EditorCheckbox, EditorField, useProblemText } from './EditorField';
import type { Problems } from './organisationChecks';
import type { FirstAdminDraft } from './organisationDraft';
import type { OrganisationChoices } from './useOrganisationChoices';

const EMPTY_ADMIN: FirstAdminDraft = { first_admin_name: '', first_admin_email: '', first_admin_timezone: 'Europe/London' };

/**
 * 002 §2.4 first admin user (new organisations): "Toggling create first admin to yes creates an
 * empty first-admin block; no removes it" (002 §4). Name, e-mail and time zone are required; the
 * user is created with the organisation as its administrator and invited by e-mail.
 */
export function FirstAdminTab({
  admin,
  onChange,
  problems,
  choices,
}: {
  admin: FirstAdminDraft | null;
  onChange: (admin: FirstAdminDraft | null) => void;
  problems: Problems;
  choices: OrganisationChoices;
}) {
  const field = (name: keyof FirstAdminDraft, type: string) => (
    <EditorField label={`organisations.${name}`} problem={problems[`first_admin.${name}`]}>
      {({ id, describedBy }) =>
        name === 'first_admin_timezone' ? (
          <select
            id={id}
            className="form-control"
            value={admin![name]}
            aria-describedby={describedBy}
            onChange={(event) => onChange({ ...admin!, [name]: event.target.value })}
          >
            <option value="">--</option>
            {choices.timezones.map((zone) => (
              <option key={zone.code} value={zone.code}>
                {zone.name}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={id}
            type={type}
            className="form-control"
            value={admin![name]}
            aria-describedby={describedBy}
            onChange={(event) => onChange({ ...admin!, [name]: event.target.value })}
          />
        )
      }
    </EditorField>
  );
  return (
    <div className="organisation-editor__list">
      <EditorCheckbox
        label="organisations.create_first_admin"
        checked={admin !== null}
        onChange={(checked) => onChange(checked ? { ...EMPTY_ADMIN } : null)}
      />
      {admin && (
        <div className="organisation-editor__grid">
          {field('first_admin_name', 'text')}
          {field('first_admin_email', 'email')}
          {field('first_admin_timezone', 'text')}
        </div>
      )}
    </div>
  );
}

/**
 * 002 §2.4 roles tab of a new organisation: the template roles it starts with (a copy of each,
 * with its permissions, becomes one of its roles); those its parent was given are ticked when the
 * parent is chosen (002 §6 "Organisation role templates are loaded when a parent is chosen").
 */
export function TemplateRolesTab({
  chosen,
  onChange,
  choices,
  problems,
}: {
  chosen: number[];
  onChange: (chosen: number[]) => void;
  choices: OrganisationChoices;
  problems: Problems;
}) {
  const t = useT();
  const text = useProblemText();
  return (
    <div className="organisation-editor__list">
      <p className="organisation-editor__hint">{t('organisations.template_roles_hint')}</p>
      {choices.templates.length === 0 ? (
        <p className="record-view__empty">{t('organisations.no_template_roles')}</p>
      ) : (
        <ul className="checklist">
          {choices.templates.map((role) => (
            <li key={role.id}>
              <EditorCheckbox
                label={role.name}
                checked={chosen.includes(role.id)}
                onChange={(checked) => onChange(checked ? [...chosen, role.id] : chosen.filter((id) => id !== role.id))}
              />
            </li>
          ))}
        </ul>
      )}
      {problems['template_roles.list'] && (
        <p className="organisation-editor__error" role="alert">
          {text(problems['template_roles.list'])}
        </p>
      )}
    </div>
  );
}
