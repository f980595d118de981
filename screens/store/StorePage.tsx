import { useCurrentUser } from '../../runtime/session/useCurrentUser';
import { Spinner } from '../../runtime/ui/Spinner';
import { ProductPriceBox } from '../price/ProductPriceBox';
import type { Product } from '../product/productTypes';
import { PublicStoreView } from './PublicStoreView';
import { StoreLayout } from './StoreLayout';
import { useStoreController } from './useStoreController';

/** The signed-in store (route `webstore`, 000 §2.3): prices in the user's currency. */
export function StorePage() {
  const { user } = useCurrentUser();
  const controller = useStoreController<Product>('signedIn');
  // Signed-in routes load the user before rendering; this only covers the moment of signing out.
  if (!user) return <Spinner />;
  return (
    <StoreLayout
      controller={controller}
      viewer={user}
      productRoute="product"
      renderPriceBox={(product) => <ProductPriceBox key={product.id} product={product} isRoot={user.root} />}
    />
  );
}

/** The public store (route `public_webstore`, 000 §2.5): recommended retail prices only. */
export function PublicStorePage() {
  return <PublicStoreView />;
}
