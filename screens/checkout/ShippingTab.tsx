import { useState } from 'react';
import { useT } from '../../runtime/i18n/useT';
import { formatMoney } from '../../runtime/format/money';
import type { ShippingOption } from '../../shared/pricing/shipping';
import { CountrySelect } from '../baskets/CountrySelect';
import type { SavedAddress } from '../baskets/basketDraft';
import type { CountryChoice } from '../baskets/countryOptions';
import { SelectField, TextField } from './fields';

/** What the tab edits: the checkout's draft and the quote editor's both have these fields. */
export interface ShippingDraft {
  shipping_company_name: string | null;
  shipping_recipient_name: string | null;
  shipping_addr_line_1: string | null;
  shipping_addr_line_2: string | null;
  shipping_city: string | null;
  shipping_region: string | null;
  shipping_postal_code: string | null;
  shipping_country_code: string | null;
  shipping_type: number | null;
  part_ship: boolean;
  ship_instructions: string | null;
}

interface ShippingTabProps {
  /** The saved addresses of the organisation the goods go to. */
  addresses: readonly SavedAddress[];
  countries: readonly CountryChoice[];
  currency: string;
  draft: ShippingDraft;
  options: ShippingOption[];
  /** Read-only: the fields are shown, not edited (an inward quote the user may not modify). */
  disabled?: boolean;
  onChange: (change: Partial<ShippingDraft>) => void;
}

const ADDRESS_FIELDS = [
  ['shipping_company_name', 100, true],
  ['shipping_recipient_name', 100, false],
  ['shipping_addr_line_1', 150, true],
  ['shipping_addr_line_2', 150, false],
  ['shipping_city', 50, true],
  ['shipping_region', 30, false],
  ['shipping_postal_code', 36, true],
] as const;

/**
 * 000 §2.9 Shipping: the address selector (New address, then the organisation's saved addresses,
 * copied into the form), the address fields with their limits, the methods offered for the
 * country with their costs, part shipment and instructions; no_shipping when nothing is offered.
 */
export function ShippingTab({ addresses, countries, currency, draft, options, disabled = false, onChange }: ShippingTabProps) {
  const t = useT();
  const [addressChoice, setAddressChoice] = useState('');
  // A saved address is copied into the form; going back to "New address" empties it for typing (as on the basket page).
  const chooseAddress = (id: string) => {
    setAddressChoice(id);
    const address = addresses.find((candidate) => String(candidate.id) === id) ?? null;
    onChange({
      shipping_company_name: address?.company_name ?? null,
      shipping_recipient_name: address?.recipient_name ?? null,
      shipping_addr_line_1: address?.addr_line_1 ?? null,
      shipping_addr_line_2: address?.addr_line_2 ?? null,
      shipping_city: address?.city ?? null,
      shipping_region: address?.region ?? null,
      shipping_postal_code: address?.postal_code ?? null,
      shipping_country_code: address?.country_code ?? null,
    });
  };
  return (
    <section data-testid="checkout-shipping">
      {/* A disabled fieldset disables every control inside it: one switch for the read-only view. */}
      <fieldset className="shipping-tab__fields" disabled={disabled}>
        <SelectField
          id="address_select"
          label={t('checkout.address')}
          value={addressChoice}
          onChange={chooseAddress}
          options={[
            { value: '', label: t('checkout.new_address') },
            ...addresses.map((address) => ({
              value: String(address.id),
              label: address.name ?? address.company_name ?? String(address.id),
            })),
          ]}
        />
        {ADDRESS_FIELDS.map(([field, max, required]) => (
          <TextField
            key={field}
            id={field}
            label={t(`baskets.${field}`)}
            value={draft[field]}
            max={max}
            required={required}
            onChange={(value) => onChange({ [field]: value })}
          />
        ))}
        <div className="form-field">
          <label htmlFor="shipping_country_code">
            {t('baskets.shipping_country_code')}
            <span aria-hidden="true"> *</span>
          </label>
          <CountrySelect
            id="shipping_country_code"
            value={draft.shipping_country_code}
            countries={countries}
            label={t('baskets.shipping_country_code')}
            testId="shipping_country_code"
            onChange={(code) => onChange({ shipping_country_code: code })}
          />
        </div>
        <fieldset className="checkout__fieldset" data-testid="shipping-methods">
          <legend>{t('checkout.shipping_method')} *</legend>
          {options.length === 0 && (
            <p role="alert" data-testid="no-shipping">
              {t('no_shipping')}
            </p>
          )}
          {options.map(({ rule, cost }) => (
            <label key={rule.id} className="radio">
              <input
                type="radio"
                name="shipping_type"
                value={rule.id}
                checked={draft.shipping_type === rule.id}
                onChange={() => onChange({ shipping_type: rule.id })}
              />
              {(rule as unknown as { name: string }).name} — {formatMoney(cost, currency)}
            </label>
          ))}
        </fieldset>
        <fieldset className="checkout__fieldset">
          <legend>{t('baskets.part_ship')}</legend>
          <label className="radio">
            <input
              type="radio"
              name="part_ship"
              checked={draft.part_ship}
              onChange={() => onChange({ part_ship: true })}
              data-testid="part-ship-yes"
            />
            {t('checkout.part_ship_allowed')}
          </label>
          <label className="radio">
            <input type="radio" name="part_ship" checked={!draft.part_ship} onChange={() => onChange({ part_ship: false })} />
            {t('checkout.part_ship_not_allowed')}
          </label>
        </fieldset>
        <div className="form-field">
          <label htmlFor="ship_instructions">{t('baskets.ship_instructions')}</label>
          <textarea
            id="ship_instructions"
            value={draft.ship_instructions ?? ''}
            onChange={(event) => onChange({ ship_instructions: event.target.value || null })}
          />
        </div>
      </fieldset>
    </section>
  );
}
