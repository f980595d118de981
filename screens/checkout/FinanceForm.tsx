import { useState } from 'react';
import type { MessageKey } from '../../runtime/generated/messages';
import { api, ApiProblem, unwrap } from '../../runtime/api/client';
import { useT } from '../../runtime/i18n/useT';
import { Icon } from '../common/Icon';
import type { Draft } from './checkoutData';
import { CountrySelect } from '../baskets/CountrySelect';
import type { CountryChoice } from '../baskets/countryOptions';
import { FinanceContactFields } from './FinanceContactFields';
import { TextField } from './fields';

const REGISTERED = [
  ['finance_reg_company_name', 'checkout.reg_company_name', 100],
  ['finance_reg_addr_line_1', 'baskets.shipping_addr_line_1', 150],
  ['finance_reg_addr_line_2', 'baskets.shipping_addr_line_2', 150],
  ['finance_reg_city', 'baskets.shipping_city', 50],
  ['finance_reg_region', 'baskets.shipping_region', 30],
  ['finance_reg_postal_code', 'baskets.shipping_postal_code', 36],
] as const;

interface FinanceFormProps {
  draft: Draft;
  countries: readonly CountryChoice[];
  onChange: (change: Partial<Draft>) => void;
}

/**
 * 000 §2.9 finance form: company number with a search that fills the company and its registered
 * address from GET /lookup/company/{query} (company_not_found / company_not_financeable), the
 * contact and the registered address.
 */
export function FinanceForm({ draft, countries, onChange }: FinanceFormProps) {
  const t = useT();
  const [lookupProblem, setLookupProblem] = useState<MessageKey | null>(null);
  const [searching, setSearching] = useState(false);
  const search = async () => {
    const query = (draft.finance_company_number ?? '').trim();
    if (query === '') return;
    setSearching(true);
    setLookupProblem(null);
    try {
      const company = await unwrap(api.GET('/lookup/company/{query}', { params: { path: { query } } }));
      const address = company.registered_address;
      onChange({
        finance_company_number: company.company_number,
        finance_company_name: company.company_name,
        finance_reg_company_name: address.company_name,
        finance_reg_addr_line_1: address.addr_line_1,
        finance_reg_addr_line_2: address.addr_line_2,
        finance_reg_city: address.city,
        finance_reg_region: address.region,
        finance_reg_postal_code: address.postal_code,
        finance_reg_country_code: address.country_code,
      });
    } catch (error) {
      const code = error instanceof ApiProblem ? error.code : '';
      setLookupProblem(
        code === 'company_not_financeable'
          ? 'company_not_financeable'
          : code === 'company_not_found'
            ? 'company_not_found'
            : 'error_applying_for_finance',
      );
    } finally {
      setSearching(false);
    }
  };
  return (
    <fieldset className="checkout__fieldset" data-testid="finance-form">
      <legend>{t('checkout.finance_details')}</legend>
      <TextField
        id="finance_company_number"
        label={t('checkout.company_number')}
        value={draft.finance_company_number}
        max={20}
        required
        onChange={(value) => onChange({ finance_company_number: value })}
      >
        <button
          type="button"
          className="button"
          onClick={() => void search()}
          disabled={searching}
          data-testid="company-search"
          aria-label={t('checkout.search_company')}
        >
          <Icon name="search" /> {t('checkout.search_company')}
        </button>
        {lookupProblem && (
          <p role="alert" className="form-field__warning" data-testid="company-problem">
            {t(lookupProblem)}
          </p>
        )}
      </TextField>
      <TextField
        id="finance_company_name"
        label={t('checkout.company_name')}
        value={draft.finance_company_name}
        max={255}
        required
        onChange={(value) => onChange({ finance_company_name: value })}
      />
      <FinanceContactFields contact={draft} onChange={onChange} />
      <h4>{t('checkout.registered_address')}</h4>
      {REGISTERED.map(([field, label, max]) => (
        <TextField
          key={field}
          id={field}
          label={t(label)}
          value={draft[field]}
          max={max}
          required={field !== 'finance_reg_region'}
          onChange={(value) => onChange({ [field]: value })}
        />
      ))}
      <div className="form-field">
        <label htmlFor="finance_reg_country_code">
          {t('baskets.shipping_country_code')}
          <span aria-hidden="true"> *</span>
        </label>
        <CountrySelect
          id="finance_reg_country_code"
          value={draft.finance_reg_country_code}
          countries={countries}
          label={t('baskets.shipping_country_code')}
          testId="finance_reg_country_code"
          onChange={(code) => onChange({ finance_reg_country_code: code })}
        />
      </div>
    </fieldset>
  );
}
