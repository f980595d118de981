import type { MessageKey } from '../../runtime/generated/messages';
import { useT } from '../../runtime/i18n/useT';
import { Modal } from '../../runtime/ui/Modal';
import { RegisterField } from './RegisterField';
import {
  COMPANY_TYPES,
  REGISTER_INTEREST_LIMITS,
  VENDORS_OF_INTEREST,
  type CompanyType,
  type RegisterInterestField,
} from './registerInterestRules';
import { useRegisterInterestForm } from './useRegisterInterestForm';

interface RegisterInterestFormProps {
  open: boolean;
  onClose: () => void;
}

type TextField = 'first_name' | 'last_name' | 'email_address' | 'contact_number' | 'company_name';

const TEXT_FIELDS: { field: TextField; type: string; required: boolean; tooltip?: MessageKey; autoComplete: string }[] = [
  { field: 'first_name', type: 'text', required: true, autoComplete: 'given-name' },
  { field: 'last_name', type: 'text', required: true, autoComplete: 'family-name' },
  { field: 'email_address', type: 'email', required: true, tooltip: 'register.email_regex', autoComplete: 'email' },
  { field: 'contact_number', type: 'tel', required: false, tooltip: 'register.contact_number_regex', autoComplete: 'tel' },
  { field: 'company_name', type: 'text', required: true, autoComplete: 'organization' },
];

/**
 * The register-interest (request an account) form of the public store (000 §2.5, §5), a plain
 * form checked by registerInterestRules (limits and patterns of the generated form schema).
 * Problems show once the visitor has left a field; Submit stays disabled until all is valid.
 */
export function RegisterInterestForm({ open, onClose }: RegisterInterestFormProps) {
  const t = useT();
  const form = useRegisterInterestForm(onClose);

  const problem = (field: RegisterInterestField): string | null => {
    const error = form.errors[field];
    if (!error || !form.touched[field]) return null;
    if (error === 'required') return t('field_required');
    if (error === 'too_long') return t('field_too_long', { max: REGISTER_INTEREST_LIMITS[field as keyof typeof REGISTER_INTEREST_LIMITS] });
    // 000 §5: the register-interest form's own wording ("Input a valid email."), not the finance form's.
    return t(`register.${error}`);
  };

  return (
    <Modal
      open={open}
      title={t('register.title')}
      onClose={onClose}
      closeLabel={t('alert.close')}
      footer={
        <>
          <button type="button" className="button" data-testid="register-cancel" onClick={onClose}>
            {t('register.cancel')}
          </button>
          <button
            type="submit"
            form="register-interest-form"
            className="button button--primary"
            disabled={!form.valid || form.submitting}
            data-testid="register-submit"
          >
            {t('register.submit')}
          </button>
        </>
      }
    >
      <form
        id="register-interest-form"
        className="register-form"
        data-testid="register-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit();
        }}
      >
        {TEXT_FIELDS.map(({ field, type, required, tooltip, autoComplete }) => (
          <RegisterField
            key={field}
            label={t(`register.${field}`)}
            required={required}
            error={problem(field)}
            tooltip={tooltip ? t(tooltip) : undefined}
            testId={`register-${field}`}
          >
            <input
              className="store-input"
              name={field}
              type={type}
              autoComplete={autoComplete}
              maxLength={REGISTER_INTEREST_LIMITS[field]}
              required={required}
              value={form.values[field]}
              aria-invalid={problem(field) !== null}
              onChange={(event) => form.change(field, event.target.value)}
              onBlur={() => form.touch(field)}
            />
          </RegisterField>
        ))}
        <RegisterField label={t('register.company_type')} required error={problem('company_type')} testId="register-company_type">
          <select
            className="store-input"
            name="company_type"
            required
            value={form.values.company_type}
            onChange={(event) => form.change('company_type', event.target.value as CompanyType | '')}
            onBlur={() => form.touch('company_type')}
          >
            <option value="" disabled>
              {t('register.company_type_choose')}
            </option>
            {COMPANY_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`company_type.${type}`)}
              </option>
            ))}
          </select>
        </RegisterField>
        <fieldset className="register-field register-vendors" data-testid="register-vendors_of_interest">
          <legend className="register-field__label">{t('register.vendors_of_interest')}</legend>
          {VENDORS_OF_INTEREST.map((vendor) => (
            <label key={vendor} className="register-vendors__option">
              <input
                type="checkbox"
                value={vendor}
                checked={form.values.vendors_of_interest.includes(vendor)}
                onChange={(event) =>
                  form.change(
                    'vendors_of_interest',
                    event.target.checked
                      ? [...form.values.vendors_of_interest, vendor]
                      : form.values.vendors_of_interest.filter((chosen) => chosen !== vendor),
                  )
                }
              />
              {t(`vendor_of_interest.${vendor}`)}
            </label>
          ))}
        </fieldset>
        <RegisterField label={t('register.requirements')} error={problem('requirements')} testId="register-requirements">
          <textarea
            className="store-input"
            name="requirements"
            rows={4}
            maxLength={REGISTER_INTEREST_LIMITS.requirements}
            value={form.values.requirements}
            onChange={(event) => form.change('requirements', event.target.value)}
            onBlur={() => form.touch('requirements')}
          />
        </RegisterField>
      </form>
    </Modal>
  );
}
