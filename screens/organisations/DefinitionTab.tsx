import { isMessageKey } from '../../runtime/i18n/i18n';
import { useT } from '../../runtime/i18n/useT';
import { OrganisationOptionList } from '../../runtime/list/OrganisationOptionList';
import { useOrganisationOptions } from '../../runtime/list/useOrganisationOptions';
import { ReferenceLink } from '../../runtime/record/ReferenceLink';
import { EditorCheckbox, EditorField } from './EditorField';
import type { Problems } from './organisationChecks';
import { enumValues, NEW_MANAGER, type DefinitionDraft, type Organisation } from './organisationDraft';
import type { OrganisationChoices } from './useOrganisationChoices';

/** A field's label: the organisation namespace's, else the shared one (fields.*). */
export function fieldLabel(field: string): string {
  return isMessageKey(`organisations.${field}`) ? `organisations.${field}` : `fields.${field}`;
}

export interface DefinitionProps {
  definition: DefinitionDraft;
  change: (changes: Partial<DefinitionDraft>) => void;
  problems: Problems;
  choices: OrganisationChoices;
  /** The saved organisation (none while creating): its parent, status and currency are shown, not edited. */
  record?: Organisation;
  readOnly: boolean;
  isRoot: boolean;
  root: boolean;
  rootAdmin: boolean;
  choosesManager: boolean;
}

/** A select over an enumeration of the record's schema, each value by its label (`<enum>.<value>`). */
function EnumSelect({
  field,
  enumName,
  value,
  onChange,
  disabled,
  empty,
  id,
}: {
  field: string;
  enumName: string;
  value: string | number;
  onChange: (value: string) => void;
  disabled: boolean;
  empty?: string;
  id: string;
}) {
  const t = useT();
  return (
    <select id={id} className="form-control" value={String(value)} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
      {empty && <option value="">{isMessageKey(empty) ? t(empty) : empty}</option>}
      {enumValues(field).map((option) => {
        const key = `${enumName}.${String(option)}`;
        return (
          <option key={String(option)} value={String(option)}>
            {isMessageKey(key) ? t(key) : String(option)}
          </option>
        );
      })}
    </select>
  );
}

/** 002 §2.4 definition tab: every field of 002 §3 with its default and rule; the supplier's for root users, the base URL for root admins. */
export function DefinitionTab(props: DefinitionProps) {
  const { definition, change, problems, readOnly, record } = props;
  const t = useT();
  const parents = useOrganisationOptions(record === undefined);
  const problem = (field: string) => problems[`definition.${field}`];
  const text = (field: 'name' | 'admin_email' | 'order_manual_auth_limit' | 'billing_account' | 'base_url', type = 'text') => (
    <EditorField label={fieldLabel(field)} problem={problem(field)}>
      {({ id, describedBy }) => (
        <input
          id={id}
          type={type}
          className="form-control"
          value={definition[field]}
          disabled={readOnly}
          aria-describedby={describedBy}
          aria-invalid={problem(field) ? true : undefined}
          onChange={(event) => change({ [field]: event.target.value })}
        />
      )}
    </EditorField>
  );
  const flag = (
    field:
      | 'can_create_resellers'
      | 'po_number_required'
      | 'force_po_uniqueness'
      | 'orders_require_manual_auth'
      | 'is_linked'
      | 'is_on_hold'
      | 'on_credit_hold',
    disabled = false,
  ) => (
    <EditorCheckbox
      label={fieldLabel(field)}
      checked={definition[field]}
      disabled={readOnly || disabled}
      onChange={(checked) => change({ [field]: checked })}
    />
  );
  return (
    <div className="organisation-editor__grid">
      {text('name')}
      <EditorField label="organisations.parent" problem={problem('parent')}>
        {({ id }) =>
          record ? (
            <span id={id}>
              {record.parent ? <ReferenceLink route="organisation" id={record.parent.id} text={record.parent.name} /> : '—'}
            </span>
          ) : (
            <select
              id={id}
              className="form-control"
              value={definition.parent ?? ''}
              disabled={readOnly}
              onChange={(event) => change({ parent: event.target.value === '' ? null : Number(event.target.value) })}
            >
              <option value="">{t('form.choose_organisation')}</option>
              {parents.status === 'ready' && <OrganisationOptionList organisations={parents.organisations} />}
            </select>
          )
        }
      </EditorField>
      <EditorField label="organisations.status">
        {({ id }) =>
          record ? (
            <span id={id}>{t(`enabled_status.${record.status}`)}</span>
          ) : (
            <EnumSelect
              id={id}
              field="status"
              enumName="enabled_status"
              value={definition.status}
              disabled={readOnly}
              onChange={(status) => change({ status })}
            />
          )
        }
      </EditorField>
      <EditorField label="organisations.currency">
        {({ id }) =>
          record ? (
            <span id={id}>{t(`currency.${record.currency}`)}</span>
          ) : (
            <EnumSelect
              id={id}
              field="currency"
              enumName="currency"
              value={definition.currency}
              disabled={readOnly}
              onChange={(currency) => change({ currency })}
            />
          )
        }
      </EditorField>
      <EditorField label={fieldLabel('finance_type')}>
        {({ id }) => (
          <EnumSelect
            id={id}
            field="finance_type"
            enumName="finance_type"
            empty="organisations.no_finance"
            value={definition.finance_type}
            disabled={readOnly}
            onChange={(finance_type) => change({ finance_type })}
          />
        )}
      </EditorField>
      <fieldset className="organisation-editor__flags">
        {/* Outside the supplier, nobody changes this on their own organisation (organisationRules.ts). */}
        {flag('can_create_resellers', !props.choosesManager)}
        {/* 002 §5: disabled while the organisation can create resellers (which turns both off). */}
        {flag('po_number_required', definition.can_create_resellers)}
        {flag('force_po_uniqueness', definition.can_create_resellers)}
        {flag('orders_require_manual_auth')}
      </fieldset>
      {text('order_manual_auth_limit')}
      <EditorField label="organisations.preferred_language">
        {({ id }) => (
          <EnumSelect
            id={id}
            field="preferred_language"
            enumName="locale"
            value={definition.preferred_language}
            disabled={readOnly}
            onChange={(preferred_language) => change({ preferred_language })}
          />
        )}
      </EditorField>
      <EditorField label="organisations.user_inactivity_timeout">
        {({ id }) => (
          <EnumSelect
            id={id}
            field="user_inactivity_timeout"
            enumName="session_timeout"
            value={definition.user_inactivity_timeout}
            disabled={readOnly}
            onChange={(value) => change({ user_inactivity_timeout: Number(value) })}
          />
        )}
      </EditorField>
      {text('admin_email', 'email')}
      {!props.isRoot && <SupplierManager {...props} />}
      {props.root && <SupplierFields {...props} />}
      {props.rootAdmin && text('base_url', 'url')}
    </div>
  );
}

/** 002 §3 "either an id or a new name, phone and e-mail": one of the parent's account managers, or a new one. */
function SupplierManager({ definition, change, problems, choices, record, readOnly, choosesManager }: DefinitionProps) {
  const t = useT();
  const current = record?.supplier_account_manager;
  const offered =
    current && !choices.managers.some((manager) => manager.id === current.id) ? [current, ...choices.managers] : choices.managers;
  const chosen = definition.supplier_account_manager;
  const newField = (field: 'account_manager_name' | 'account_manager_email' | 'account_manager_phone', type: string) => (
    <EditorField label={`organisations.${field}`} problem={problems[`definition.new_manager.${field}`]}>
      {({ id, describedBy }) => (
        <input
          id={id}
          type={type}
          className="form-control"
          value={definition.new_manager[field]}
          disabled={readOnly}
          aria-describedby={describedBy}
          onChange={(event) => change({ new_manager: { ...definition.new_manager, [field]: event.target.value } })}
        />
      )}
    </EditorField>
  );
  return (
    <>
      <EditorField label="organisations.supplier_account_manager" problem={problems['definition.supplier_account_manager']}>
        {({ id, describedBy }) => (
          <select
            id={id}
            className="form-control"
            value={chosen === null ? '' : String(chosen)}
            disabled={readOnly || !choosesManager}
            aria-describedby={describedBy}
            // 002 §4: choosing "new account manager" starts with empty fields.
            onChange={(event) =>
              change(
                event.target.value === NEW_MANAGER
                  ? {
                      supplier_account_manager: NEW_MANAGER,
                      new_manager: { account_manager_name: '', account_manager_email: '', account_manager_phone: '' },
                    }
                  : { supplier_account_manager: event.target.value === '' ? null : Number(event.target.value) },
              )
            }
          >
            <option value="">{t('organisations.choose_account_manager')}</option>
            {offered.map((manager) => (
              <option key={manager.id} value={manager.id}>
                {manager.account_manager_name} ({manager.account_manager_email})
              </option>
            ))}
            <option value={NEW_MANAGER}>{t('organisations.new_account_manager')}</option>
          </select>
        )}
      </EditorField>
      {chosen === NEW_MANAGER && (
        <fieldset className="organisation-editor__group">
          <legend>{t('organisations.new_account_manager')}</legend>
          {newField('account_manager_name', 'text')}
          {newField('account_manager_email', 'email')}
          {newField('account_manager_phone', 'tel')}
        </fieldset>
      )}
    </>
  );
}

/** 002 §2.4 "Root users see the linked accounts, price list and catalogue fields", and what else is the supplier's (organisationRules.ts). */
function SupplierFields({ definition, change, problems, choices, readOnly, rootAdmin }: DefinitionProps) {
  const t = useT();
  const select = (field: 'assigned_price_list' | 'catalogue', options: { id: number; name: string }[]) => (
    <EditorField label={fieldLabel(field)}>
      {({ id }) => (
        <select
          id={id}
          className="form-control"
          value={definition[field] ?? ''}
          disabled={readOnly}
          onChange={(event) => change({ [field]: event.target.value === '' ? null : Number(event.target.value) })}
        >
          <option value="">{t('organisations.none_chosen')}</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
      )}
    </EditorField>
  );
  return (
    <fieldset className="organisation-editor__group organisation-editor__group--wide">
      {select('assigned_price_list', choices.priceLists)}
      {select('catalogue', choices.catalogues)}
      {rootAdmin && definition.catalogue === null && <p className="organisation-editor__warning">{t('organisations.catalogue_warning')}</p>}
      <EditorField label={fieldLabel('quote_approval_discount')} problem={problems['definition.quote_approval_discount']}>
        {({ id, describedBy }) => (
          <input
            id={id}
            type="number"
            min={0}
            max={100}
            step="any"
            className="form-control"
            value={definition.quote_approval_discount}
            disabled={readOnly}
            aria-describedby={describedBy}
            onChange={(event) => change({ quote_approval_discount: event.target.value })}
          />
        )}
      </EditorField>
      <EditorField label={fieldLabel('billing_account')} problem={problems['definition.billing_account']}>
        {({ id, describedBy }) => (
          <input
            id={id}
            className="form-control"
            value={definition.billing_account}
            disabled={readOnly}
            aria-describedby={describedBy}
            onChange={(event) => change({ billing_account: event.target.value })}
          />
        )}
      </EditorField>
      <div className="organisation-editor__flags">
        {(['is_linked', 'is_on_hold', 'on_credit_hold'] as const).map((field) => (
          <EditorCheckbox
            key={field}
            label={fieldLabel(field)}
            checked={definition[field]}
            disabled={readOnly}
            onChange={(checked) => change({ [field]: checked })}
          />
        ))}
      </div>
      <fieldset className="organisation-editor__flags">
        <legend>{t('fields.subscribed_modules')}</legend>
        {enumValues('subscribed_modules').map((module) => (
          <EditorCheckbox
            key={module}
            label={`module.${module}`}
            checked={definition.subscribed_modules.includes(String(module))}
            disabled={readOnly}
            onChange={(checked) =>
              change({
                subscribed_modules: checked
                  ? [...definition.subscribed_modules, String(module)]
                  : definition.subscribed_modules.filter((value) => value !== module),
              })
            }
          />
        ))}
      </fieldset>
    </fieldset>
  );
}
