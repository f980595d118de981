import type { Product } from '../product/productTypes';
import { PriceBox } from './PriceBox';
import { usePriceBoxState } from './usePriceBoxState';

/** A price box holding its own choices: for tiles and the banner, where nothing else shares them. */
export function ProductPriceBox({ product, isRoot }: { product: Product; isRoot: boolean }) {
  const state = usePriceBoxState(product, isRoot);
  return <PriceBox product={product} isRoot={isRoot} state={state} />;
}
