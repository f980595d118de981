import { useState } from 'react';
import { PublicPriceBox } from '../price/PublicPriceBox';
import { LoginPromptModal } from '../store/LoginPromptModal';
import { RegisterInterestForm } from '../store/RegisterInterestForm';
import { ProductDetailView } from './ProductDetailView';
import type { PublicProduct } from './productTypes';
import { usePlanChoice } from './usePlanChoice';

/** The public detail of a loaded product (000 §2.6): rrp, and the login / sign-up prompt instead of buying. */
export function PublicProductDetail({ product }: { product: PublicProduct }) {
  const plan = usePlanChoice(product.rate_plans);
  const [loginPromptOpen, setLoginPromptOpen] = useState(false);
  const [registerOpen, setRegisterOpen] = useState(false);
  return (
    <>
      <ProductDetailView
        product={product}
        storeRoute="public_webstore"
        priceArea={<PublicPriceBox product={product} onBuy={() => setLoginPromptOpen(true)} />}
        plan={plan}
        showSubscriptionPrompt={false}
        showCosts={false}
      />
      <LoginPromptModal open={loginPromptOpen} onClose={() => setLoginPromptOpen(false)} onSignUp={() => setRegisterOpen(true)} />
      <RegisterInterestForm open={registerOpen} onClose={() => setRegisterOpen(false)} />
    </>
  );
}
