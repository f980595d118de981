import type { MessageKey } from '../../runtime/generated/messages';
import { useT } from '../../runtime/i18n/useT';
import { Tooltip } from '../../runtime/ui/Tooltip';
import { CountrySelect } from '../baskets/CountrySelect';
import { EditorField, useProblemText } from './EditorField';
import type { Problems } from './organisationChecks';
import {
  ADDRESS_FIELDS,
  emptyAddress,
  emptyManager,
  REQUIRED_ADDRESS_FIELDS,
  schemaOf,
  type AddressDraft,
  type AddressField,
  type ManagerDraft,
} from './organisationDraft';
import type { OrganisationChoices } from './useOrganisationChoices';

interface ManagersProps {
  managers: ManagerDraft[];
  onChange: (managers: ManagerDraft[]) => void;
  problems: Problems;
  readOnly: boolean;
}

const MANAGER_FIELDS = [
  ['account_manager_name', 'text'],
  ['account_manager_email', 'email'],
  ['account_manager_phone', 'tel'],
] as const;

/**
 * 002 §2.4 account managers tab (for organisations that can create resellers or have children):
 * name and e-mail required, e-mails unique in any case; a row added, changed or removed is saved
 * with the organisation. Its children choose their supplier account manager among these.
 */
export function AccountManagersTab({ managers, onChange, problems, readOnly }: ManagersProps) {
  const t = useT();
  const text = useProblemText();
  const update = (key: string, changes: Partial<ManagerDraft>) =>
    onChange(managers.map((manager) => (manager.key === key ? { ...manager, ...changes } : manager)));
  return (
    <div className="organisation-editor__list">
      {managers.length === 0 && <p className="record-view__empty">{t('record.no_rows')}</p>}
      {managers.length > 0 && (
        <table className="organisation-editor__table">
          <thead>
            <tr>
              {MANAGER_FIELDS.map(([field]) => (
                <th key={field} scope="col">
                  {t(`organisations.${field}`)}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">{t('list.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {managers.map((manager, index) => (
              <tr key={manager.key}>
                {MANAGER_FIELDS.map(([field, type]) => {
                  const problem = problems[`account_managers.${manager.key}.${field}`];
                  return (
                    <td key={field}>
                      <input
                        type={type}
                        className="form-control"
                        aria-label={`${t(`organisations.${field}`)} ${index + 1}`}
                        value={manager[field]}
                        disabled={readOnly}
                        maxLength={schemaOf('AccountManager', field).maxLength}
                        aria-invalid={problem ? true : undefined}
                        onChange={(event) => update(manager.key, { [field]: event.target.value })}
                      />
                      {problem && (
                        <small className="organisation-editor__error" role="alert">
                          {text(problem)}
                        </small>
                      )}
                    </td>
                  );
                })}
                <td>
                  {!readOnly && (
                    <button type="button" className="button" onClick={() => onChange(managers.filter((row) => row.key !== manager.key))}>
                      {t('organisations.remove')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {!readOnly && (
        <button type="button" className="button" onClick={() => onChange([...managers, emptyManager()])}>
          {t('organisations.add_account_manager')}
        </button>
      )}
    </div>
  );
}

interface AddressesProps {
  addresses: AddressDraft[];
  onChange: (addresses: AddressDraft[]) => void;
  problems: Problems;
  readOnly: boolean;
  choices: OrganisationChoices;
}

const ADDRESS_LABELS: Record<AddressField, MessageKey> = {
  name: 'organisations.address_name',
  company_name: 'organisations.address_company',
  recipient_name: 'organisations.address_recipient',
  addr_line_1: 'organisations.address_line_1',
  addr_line_2: 'organisations.address_line_2',
  city: 'organisations.address_city',
  region: 'organisations.address_region',
  postal_code: 'organisations.address_postal_code',
  country_code: 'organisations.address_country',
};

/**
 * 002 §2.4 addresses tab: add, change and remove; the required fields and limits of 002 §5, §9.
 * An incomplete address carries the error flag, whose tooltip says what to do, and blocks Save.
 */
export function AddressesTab({ addresses, onChange, problems, readOnly, choices }: AddressesProps) {
  const t = useT();
  const update = (key: string, field: AddressField, value: string) =>
    onChange(addresses.map((address) => (address.key === key ? { ...address, [field]: value } : address)));
  return (
    <div className="organisation-editor__list">
      {addresses.length === 0 && <p className="record-view__empty">{t('record.no_rows')}</p>}
      {addresses.map((address) => {
        const flagged = problems[`addresses.${address.key}`];
        return (
          <fieldset key={address.key} className={`organisation-editor__address${flagged ? ' organisation-editor__address--invalid' : ''}`}>
            <legend>
              {address.name.trim() || t('organisations.address_new')}
              {flagged && (
                <Tooltip text={t('organisations.address_incomplete')}>
                  <span className="organisation-editor__flag" role="img" aria-label={t('organisations.address_incomplete')}>
                    ⚠
                  </span>
                </Tooltip>
              )}
            </legend>
            <div className="organisation-editor__grid">
              {ADDRESS_FIELDS.map((field) => {
                const required = REQUIRED_ADDRESS_FIELDS.includes(field);
                const missing = flagged && required && address[field].trim() === '' ? { key: 'field_required' } : undefined;
                return (
                  <EditorField key={field} label={ADDRESS_LABELS[field]} problem={missing}>
                    {({ id, describedBy }) =>
                      field === 'country_code' ? (
                        <CountrySelect
                          id={id}
                          value={address.country_code || null}
                          countries={choices.countries}
                          label={t(ADDRESS_LABELS[field])}
                          testId={`address-country-${address.key}`}
                          disabled={readOnly}
                          onChange={(code) => update(address.key, field, code ?? '')}
                        />
                      ) : (
                        <input
                          id={id}
                          className="form-control"
                          value={address[field]}
                          required={required}
                          maxLength={schemaOf('Address', field).maxLength}
                          disabled={readOnly}
                          aria-describedby={describedBy}
                          onChange={(event) => update(address.key, field, event.target.value)}
                        />
                      )
                    }
                  </EditorField>
                );
              })}
            </div>
            {!readOnly && (
              <button type="button" className="button" onClick={() => onChange(addresses.filter((row) => row.key !== address.key))}>
                {t('organisations.remove')}
              </button>
            )}
          </fieldset>
        );
      })}
      {!readOnly && (
        <button type="button" className="button" onClick={() => onChange([...addresses, emptyAddress()])}>
          {t('organisations.add_address')}
        </button>
      )}
    </div>
  );
}
