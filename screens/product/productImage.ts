import defaultCameraUrl from './default-camera.svg';
import type { CatalogueProduct } from './productTypes';

/** The image a product shows: its main image, else its vendor's image, else a camera (000 §2.6, §9). */
export function productImageUrl(product: Pick<CatalogueProduct, 'main_image_url' | 'vendor'>): string {
  return product.main_image_url || product.vendor?.image_url || defaultCameraUrl;
}

/** The small image of a tile: the thumbnail, else the same chain as the detail image. */
export function productThumbnailUrl(product: Pick<CatalogueProduct, 'thumb_url' | 'main_image_url' | 'vendor'>): string {
  return product.thumb_url || productImageUrl(product);
}

export { defaultCameraUrl };
