import type { components } from '../../runtime/generated/api';
import { forms } from '../../runtime/generated/forms';

export type AccountRequest = components['schemas']['AccountRequest'];

/**
 * The register-interest (request an account) form of 000 §2.5. Its limits and patterns (000 §5)
 * come from the schema the generator derives from the account_request entity, so this plain
 * form and the server validate by the same rules.
 */
const schema = forms.request_account_form.schema;

export const COMPANY_TYPES = forms.request_account_form.enums.company_type;
export const VENDORS_OF_INTEREST = forms.request_account_form.enums.vendors_of_interest;

export type CompanyType = (typeof COMPANY_TYPES)[number];
export type VendorOfInterest = (typeof VENDORS_OF_INTEREST)[number];

export interface RegisterInterestValues {
  first_name: string;
  last_name: string;
  email_address: string;
  contact_number: string;
  company_name: string;
  company_type: CompanyType | '';
  vendors_of_interest: VendorOfInterest[];
  requirements: string;
}

export const EMPTY_REGISTER_INTEREST: RegisterInterestValues = {
  first_name: '',
  last_name: '',
  email_address: '',
  contact_number: '',
  company_name: '',
  company_type: '',
  vendors_of_interest: [],
  requirements: '',
};

export const REGISTER_INTEREST_LIMITS = {
  first_name: schema.properties.first_name.maxLength,
  last_name: schema.properties.last_name.maxLength,
  email_address: schema.properties.email_address.maxLength,
  company_name: schema.properties.company_name.maxLength,
  contact_number: schema.properties.contact_number.maxLength,
  requirements: schema.properties.requirements.maxLength,
} as const;

/** E-mail: the union of the local-part characters the screens accept, a top level of 2 to 15 letters (000 §5). */
export const EMAIL_PATTERN = new RegExp(schema.properties.email_address.pattern);
/** Digits, spaces, hyphens and brackets, with an optional leading plus (000 §5). */
export const PHONE_PATTERN = new RegExp(schema.properties.contact_number.pattern);

export type RegisterInterestField = keyof RegisterInterestValues;

/** The fields that are wrong, each with the message key to show (null when none is shown). */
export function registerInterestErrors(
  values: RegisterInterestValues,
): Partial<Record<RegisterInterestField, 'required' | 'too_long' | 'email_regex' | 'contact_number_regex'>> {
  const errors: ReturnType<typeof registerInterestErrors> = {};
  for (const field of ['first_name', 'last_name', 'email_address', 'company_name'] as const) {
    const value = values[field].trim();
    if (value === '') errors[field] = 'required';
    else if (value.length > REGISTER_INTEREST_LIMITS[field]) errors[field] = 'too_long';
  }
  if (!errors.email_address && !EMAIL_PATTERN.test(values.email_address.trim())) {
    errors.email_address = 'email_regex';
  }
  const phone = values.contact_number.trim();
  if (phone !== '' && (phone.length > REGISTER_INTEREST_LIMITS.contact_number || !PHONE_PATTERN.test(phone))) {
    errors.contact_number = 'contact_number_regex';
  }
  if (values.company_type === '') errors.company_type = 'required';
  if (values.requirements.length > REGISTER_INTEREST_LIMITS.requirements) errors.requirements = 'too_long';
  return errors;
}

/**
 * The body of POST /public/request_account: trimmed, with empty optional fields as null.
 * Null while the form is incomplete (no company type chosen), so nothing half-filled is sent.
 */
export function toAccountRequest(values: RegisterInterestValues): AccountRequest | null {
  if (values.company_type === '') return null;
  const optional = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email_address: values.email_address.trim(),
    contact_number: optional(values.contact_number),
    company_name: values.company_name.trim(),
    company_type: values.company_type,
    vendors_of_interest: [...values.vendors_of_interest],
    requirements: optional(values.requirements),
  };
}
