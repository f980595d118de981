import { useSyncExternalStore } from 'react';
import { useParams } from 'react-router';
import { useCurrentUser } from '../../runtime/session/useCurrentUser';
import { Spinner } from '../../runtime/ui/Spinner';
import { publicWebstoreState } from '../store/webstoreStateStore';
import { PublicProductDetail } from './PublicProductDetail';
import { SignedInProductDetail } from './SignedInProductDetail';
import { loadSignedInProduct, publicProductLoader, useProductDetail } from './useProductDetail';

/** Route `product` (/webstore/product/:id, 000 §2.6): the product with its price box. */
export function ProductDetailPage() {
  const { id } = useParams();
  const { user } = useCurrentUser();
  const product = useProductDetail(id, loadSignedInProduct);
  if (!product || !user) return <Spinner />;
  // Keyed by product so moving between products starts a fresh plan and quantity.
  return <SignedInProductDetail key={product.id} product={product} isRoot={user.root} />;
}

/** Route `public_product` (/public/webstore/product/:id): rrp in the public store's currency. */
export function PublicProductDetailPage() {
  const { id } = useParams();
  const currency = useSyncExternalStore(publicWebstoreState.subscribe, () => publicWebstoreState.get().currency);
  const product = useProductDetail(id, publicProductLoader(currency), currency);
  if (!product) return <Spinner />;
  return <PublicProductDetail key={product.id} product={product} />;
}
