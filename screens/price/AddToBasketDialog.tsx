import { formatMoney } from '../../runtime/format/money';
import { useT } from '../../runtime/i18n/useT';
import { Modal } from '../../runtime/ui/Modal';
import { Tooltip } from '../../runtime/ui/Tooltip';
import type { Product } from '../product/productTypes';
import { BASKET_NAME_MAX } from './addToBasketRules';
import type { AddToBasketController } from './useAddToBasket';

const optionId = (value: string): number | null => (value === '' ? null : Number(value));

/**
 * The add-to-basket dialog (000 §2.4, §5): maintenance (required when offered) and provisioning
 * selectors, the subtotal excluding tax and shipping, the open baskets or a new one with its name
 * (the default "New basket" + date and time as placeholder; basket_name_exist when taken), and
 * Cancel / Proceed.
 */
export function AddToBasketDialog({ product, controller: c }: { product: Product; controller: AddToBasketController }) {
  const t = useT();
  const pickValue = c.pick.kind === 'existing' ? String(c.pick.id) : c.pick.kind === 'new' ? 'new' : '';
  const proceedReason =
    c.block === 'maintenance_required' ? t('maintenance_required') : c.block === 'basket_name_exist' ? t('basket_name_exist') : undefined;
  const proceed = (
    <button
      type="button"
      className="button button--primary"
      disabled={c.block !== null || c.sending}
      onClick={() => void c.proceed()}
      data-testid="add-to-basket-proceed"
    >
      {t('confirm.proceed')}
    </button>
  );
  return (
    <Modal
      open={c.open}
      title={t('basket_dialog.title', { product: product.name })}
      onClose={c.close}
      closeLabel={t('alert.close')}
      footer={
        <>
          <button type="button" className="button" onClick={c.close}>
            {t('confirm.cancel')}
          </button>
          {proceedReason ? <Tooltip text={proceedReason}>{proceed}</Tooltip> : proceed}
        </>
      }
    >
      <div className="form basket-dialog" data-testid="add-to-basket-dialog">
        {product.maintenance.length > 0 && (
          <label className="form__field">
            <span>{t('basket_dialog.maintenance')} *</span>
            <select
              value={c.maintenanceId ?? ''}
              onChange={(event) => c.setMaintenanceId(optionId(event.target.value))}
              data-testid="maintenance-select"
            >
              <option value="">{t('basket_dialog.choose_maintenance')}</option>
              {product.maintenance.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name} ({formatMoney(option.price, product.currency) ?? t('price.on_request')})
                </option>
              ))}
            </select>
          </label>
        )}
        {product.provisioning.length > 0 && (
          <label className="form__field">
            <span>{t('basket_dialog.provisioning')}</span>
            <select
              value={c.provisioningId ?? ''}
              onChange={(event) => c.setProvisioningId(optionId(event.target.value))}
              data-testid="provisioning-select"
            >
              <option value="">{t('basket_dialog.no_provisioning')}</option>
              {product.provisioning.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name} ({formatMoney(option.price, product.currency) ?? t('price.on_request')})
                </option>
              ))}
            </select>
          </label>
        )}
        <p className="basket-dialog__subtotal">
          <span>{t('basket_dialog.subtotal')}: </span>
          <strong data-testid="add-to-basket-subtotal">{formatMoney(c.subtotal, product.currency) ?? '--'}</strong>
        </p>
        <label className="form__field">
          <span>{t('basket_dialog.basket')}</span>
          <select
            value={pickValue}
            disabled={c.baskets === null}
            data-testid="basket-select"
            onChange={(event) => {
              const value = event.target.value;
              c.setPick(value === '' ? { kind: 'none' } : value === 'new' ? { kind: 'new' } : { kind: 'existing', id: Number(value) });
            }}
          >
            <option value="" disabled>
              {t('basket_dialog.select_basket')}
            </option>
            <option value="new">{t('basket_dialog.new_basket')}</option>
            {(c.baskets ?? []).map((basket) => (
              <option key={basket.id} value={basket.id}>
                {basket.name ?? basket.id}
              </option>
            ))}
          </select>
        </label>
        {c.pick.kind === 'new' && (
          <label className="form__field">
            <span>{t('basket_dialog.new_name')}</span>
            <input
              type="text"
              value={c.newName}
              maxLength={BASKET_NAME_MAX}
              placeholder={c.defaultName}
              aria-invalid={c.block === 'basket_name_exist'}
              data-testid="new-basket-name"
              onChange={(event) => c.setNewName(event.target.value)}
            />
            {c.block === 'basket_name_exist' && (
              <span className="form__warning" role="alert" data-testid="basket-name-exist">
                ⚠ {t('basket_name_exist')}
              </span>
            )}
          </label>
        )}
      </div>
    </Modal>
  );
}
