import type { CheckoutInput } from './checkoutData';
import { useT } from '../../runtime/i18n/useT';
import { contactNumberValid, emailValid } from './completeness';
import { SelectField, TextField } from './fields';

const TITLES = ['Ms', 'Mrs', 'Miss', 'Mr', 'Dr', 'Prof', 'Rev', 'Other'] as const;

/** The finance contact of 000 §6 and 001 §3, as both the checkout's finance form and a quote's Payment tab hold it. */
export interface FinanceContact {
  finance_title: CheckoutInput['finance_title'] | null;
  finance_first_name: string | null;
  finance_last_name: string | null;
  finance_email_address: string | null;
  finance_contact_number: string | null;
}

/**
 * The finance contact's fields (title, names, e-mail and phone, each required), with the e-mail's
 * and phone's rules said beside them as the server applies them.
 */
export function FinanceContactFields({
  contact,
  onChange,
}: {
  contact: FinanceContact;
  onChange: (update: Partial<FinanceContact>) => void;
}) {
  const t = useT();
  return (
    <>
      <SelectField
        id="finance_title"
        label={t('checkout.person_title')}
        required
        value={contact.finance_title ?? ''}
        onChange={(value) => onChange({ finance_title: value === '' ? null : (value as FinanceContact['finance_title']) })}
        options={[{ value: '', label: '--' }, ...TITLES.map((title) => ({ value: title, label: t(`person_title.${title}`) }))]}
      />
      <TextField
        id="finance_first_name"
        label={t('checkout.first_name')}
        value={contact.finance_first_name}
        max={100}
        required
        onChange={(value) => onChange({ finance_first_name: value })}
      />
      <TextField
        id="finance_last_name"
        label={t('checkout.last_name')}
        value={contact.finance_last_name}
        max={100}
        required
        onChange={(value) => onChange({ finance_last_name: value })}
      />
      <TextField
        id="finance_email_address"
        type="email"
        label={t('checkout.email')}
        value={contact.finance_email_address}
        max={255}
        required
        invalid={!emailValid(contact.finance_email_address)}
        onChange={(value) => onChange({ finance_email_address: value })}
      >
        {!emailValid(contact.finance_email_address) && (
          <p className="form-field__warning" data-testid="finance-email-problem">
            {t('email_regex')}
          </p>
        )}
      </TextField>
      <TextField
        id="finance_contact_number"
        type="tel"
        label={t('checkout.phone')}
        value={contact.finance_contact_number}
        max={50}
        required
        invalid={!contactNumberValid(contact.finance_contact_number)}
        onChange={(value) => onChange({ finance_contact_number: value })}
      >
        {!contactNumberValid(contact.finance_contact_number) && (
          <p className="form-field__warning" data-testid="finance-phone-problem">
            {t('contact_number_regex')}
          </p>
        )}
      </TextField>
    </>
  );
}
