import { useState } from 'react';
import { useT } from '../../runtime/i18n/useT';
import { PublicPriceBox } from '../price/PublicPriceBox';
import type { PublicProduct } from '../product/productTypes';
import { CurrencyRadios } from './CurrencyRadios';
import { LoginPromptModal } from './LoginPromptModal';
import { RegisterInterestForm } from './RegisterInterestForm';
import { StoreLayout } from './StoreLayout';
import { useStoreController } from './useStoreController';

/**
 * The public store (000 §2.5): the store layout with a currency choice, rrp-only price boxes whose
 * Buy opens the login prompt, and the request-an-account (register-interest) form.
 */
export function PublicStoreView() {
  const t = useT();
  const controller = useStoreController<PublicProduct>('public');
  const [loginPromptOpen, setLoginPromptOpen] = useState(false);
  const [registerOpen, setRegisterOpen] = useState(false);

  return (
    <>
      <StoreLayout
        controller={controller}
        viewer={null}
        productRoute="public_product"
        extraFilters={<CurrencyRadios value={controller.state.currency} onChange={controller.setCurrency} />}
        header={
          <div className="store-public-header">
            <button type="button" className="button button--link" data-testid="request-account" onClick={() => setRegisterOpen(true)}>
              {t('register.open')}
            </button>
          </div>
        }
        renderPriceBox={(product) => <PublicPriceBox product={product} onBuy={() => setLoginPromptOpen(true)} />}
      />
      <LoginPromptModal open={loginPromptOpen} onClose={() => setLoginPromptOpen(false)} onSignUp={() => setRegisterOpen(true)} />
      <RegisterInterestForm open={registerOpen} onClose={() => setRegisterOpen(false)} />
    </>
  );
}
