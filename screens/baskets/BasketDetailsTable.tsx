import { useEffect, useRef, useState, type ReactNode } from 'react';
import { formatMoney } from '../../runtime/format/money';
import { useT } from '../../runtime/i18n/useT';
import { DETAIL_LIMITS, offeredShipping, withAddress, type BasketDraft, type DetailField, type SavedAddress } from './basketDraft';
import { CountrySelect } from './CountrySelect';
import { Icon } from '../common/Icon';
import type { BasketEditor } from './useBasketEditor';

const ADDRESS_FIELDS = [
  'shipping_company_name',
  'shipping_recipient_name',
  'shipping_addr_line_1',
  'shipping_addr_line_2',
  'shipping_city',
  'shipping_region',
  'shipping_postal_code',
  'shipping_country_code',
] as const;
/** 000 §5 mandatory address fields, marked with an asterisk. */
const REQUIRED = new Set<DetailField>([
  'shipping_company_name',
  'shipping_addr_line_1',
  'shipping_city',
  'shipping_postal_code',
  'shipping_country_code',
]);

type RowName =
  | 'name'
  | 'purchase_order_number'
  | 'end_user'
  | 'address'
  | 'shipping_type'
  | 'part_ship'
  | 'ship_instructions'
  | 'provisioning_instructions';

interface Props {
  editor: BasketEditor;
  draft: BasketDraft;
  editable: boolean;
  /** Every row open for editing from the start (the new-basket page). */
  openAll?: boolean;
  currency: string;
}

/** 000 §4, §9: the shipping type is re-checked this long after a country change. */
const RECHECK_MS = 500;

const ROWS: readonly RowName[] = [
  'name',
  'purchase_order_number',
  'end_user',
  'address',
  'shipping_type',
  'part_ship',
  'ship_instructions',
  'provisioning_instructions',
];

/**
 * 000 §2.8 details table: one row a detail, read until its pencil (or the row) is clicked, then
 * edited in place. The address is chosen from the organisation's saved addresses ("-- Select
 * address --" disabled, "-- New address --" empties the fields) or edited field by field.
 */
export function BasketDetailsTable({ editor, draft, editable, openAll = false, currency }: Props) {
  const t = useT();
  const [editing, setEditing] = useState<ReadonlySet<RowName>>(() => new Set(openAll && editable ? ROWS : []));
  const [addressChoice, setAddressChoice] = useState('');
  const open = (row: RowName) => editable && setEditing((current) => new Set(current).add(row));
  const setDetail = (field: DetailField, value: string) =>
    editor.edit((current) => ({ ...current, details: { ...current.details, [field]: value } }));
  const text = (field: DetailField, multiline = false) => {
    const limit = DETAIL_LIMITS[field];
    const common = {
      value: draft.details[field],
      'aria-label': t(`baskets.${field}`),
      'data-testid': `detail-${field}`,
      ...(limit !== null && { maxLength: limit }),
    };
    return multiline ? (
      <textarea {...common} onChange={(event) => setDetail(field, event.target.value)} />
    ) : (
      <input type="text" {...common} onChange={(event) => setDetail(field, event.target.value)} />
    );
  };
  const row = (name: RowName, label: string, shown: ReactNode, editor: ReactNode) => {
    const isEditing = editing.has(name);
    return (
      <tr key={name} data-testid={`detail-row-${name}`} onClick={() => !isEditing && open(name)}>
        <th scope="row">{label}</th>
        <td>{isEditing ? editor : shown || '—'}</td>
        <td className="basket-details__pencil">
          {editable && !isEditing && (
            <button
              type="button"
              className="button button--link"
              aria-label={t('basket_page.edit', { field: label })}
              onClick={() => open(name)}
            >
              <Icon name="pencil" />
            </button>
          )}
        </td>
      </tr>
    );
  };
  const address = ADDRESS_FIELDS.map((field) => draft.details[field])
    .filter((value) => value.trim() !== '')
    .join(', ');
  const shippingType = editor.shippingTypes.find((type) => type.id === draft.shipping_type);
  const offered = offeredShipping(draft, editor.products, editor.shippingTypes);
  // 000 §4: 500 ms after a country change the shipping type is cleared if it is no longer offered.
  const country = draft.details.shipping_country_code;
  const offeredIds = offered.map((option) => option.rule.id).join(',');
  const lastCountry = useRef(country);
  const { edit } = editor;
  useEffect(() => {
    if (lastCountry.current === country) return undefined;
    lastCountry.current = country;
    const timer = setTimeout(() => {
      edit((current) =>
        current.shipping_type !== null && !offeredIds.split(',').includes(String(current.shipping_type))
          ? { ...current, shipping_type: null }
          : current,
      );
    }, RECHECK_MS);
    return () => clearTimeout(timer);
  }, [country, offeredIds, edit]);
  const chooseAddress = (value: string) => {
    setAddressChoice(value);
    const saved: SavedAddress | undefined = editor.addresses.find((candidate) => String(candidate.id) === value);
    editor.edit((current) => withAddress(current, value === 'new' ? null : (saved ?? null)));
  };

  return (
    <table className="basket-details" data-testid="basket-details">
      <tbody>
        {row('name', t('baskets.name'), draft.details.name, text('name'))}
        {row(
          'purchase_order_number',
          t('baskets.purchase_order_number'),
          draft.details.purchase_order_number,
          text('purchase_order_number'),
        )}
        {editor.basket?.end_user != null && row('end_user', t('baskets.end_user'), draft.details.end_user, text('end_user'))}
        {row(
          'address',
          t('basket_page.shipping_address'),
          address,
          <div className="basket-details__address">
            <select
              value={addressChoice}
              onChange={(event) => chooseAddress(event.target.value)}
              data-testid="address-select"
              aria-label={t('basket_page.shipping_address')}
            >
              <option value="" disabled>
                {t('basket_page.select_address')}
              </option>
              <option value="new">{t('basket_page.new_address')}</option>
              {editor.addresses.map((saved) => (
                <option key={saved.id} value={saved.id}>
                  {saved.name ?? saved.company_name}
                </option>
              ))}
            </select>
            {ADDRESS_FIELDS.map((field) => (
              <label key={field} className="form__field">
                <span>
                  {t(`baskets.${field}`)}
                  {REQUIRED.has(field) && ' *'}
                </span>
                {field === 'shipping_country_code' ? (
                  <CountrySelect
                    value={draft.details[field]}
                    countries={editor.countries}
                    label={t(`baskets.${field}`)}
                    testId={`detail-${field}`}
                    onChange={(code) => setDetail(field, code ?? '')}
                  />
                ) : (
                  text(field)
                )}
              </label>
            ))}
          </div>,
        )}
        {row(
          'shipping_type',
          t('basket_page.shipping_method'),
          shippingType?.name ?? editor.basket?.shipping_type?.name,
          <select
            value={draft.shipping_type ?? ''}
            data-testid="shipping-type-select"
            aria-label={t('basket_page.shipping_method')}
            onChange={(event) =>
              editor.edit((current) => ({ ...current, shipping_type: event.target.value === '' ? null : Number(event.target.value) }))
            }
          >
            <option value="">{t('basket_page.no_shipping_method')}</option>
            {offered.map(({ rule, cost }) => (
              <option key={rule.id} value={rule.id}>
                {(rule as unknown as { name: string }).name} — {formatMoney(cost, currency)}
              </option>
            ))}
          </select>,
        )}
        {offered.length === 0 && editing.has('shipping_type') && (
          <tr>
            <td colSpan={3} className="form__warning" role="alert" data-testid="basket-no-shipping">
              {t('no_shipping')}
            </td>
          </tr>
        )}
        {row(
          'part_ship',
          t('baskets.part_ship'),
          t(draft.part_ship ? 'basket_page.part_ship_allowed' : 'basket_page.part_ship_not_allowed'),
          <select
            value={draft.part_ship ? 'yes' : 'no'}
            data-testid="part-ship-select"
            aria-label={t('baskets.part_ship')}
            onChange={(event) => editor.edit((current) => ({ ...current, part_ship: event.target.value === 'yes' }))}
          >
            <option value="yes">{t('basket_page.part_ship_allowed')}</option>
            <option value="no">{t('basket_page.part_ship_not_allowed')}</option>
          </select>,
        )}
        {row('ship_instructions', t('baskets.ship_instructions'), draft.details.ship_instructions, text('ship_instructions', true))}
        {row(
          'provisioning_instructions',
          t('baskets.provisioning_instructions'),
          draft.details.provisioning_instructions,
          text('provisioning_instructions', true),
        )}
      </tbody>
    </table>
  );
}
