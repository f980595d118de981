import { describe, expect, it } from 'vitest';
import { defaultCameraUrl, productImageUrl, productThumbnailUrl } from './productImage';

const vendor = { id: 1, name: 'Poly', image_url: '/img/poly.png' };

describe('productImageUrl', () => {
  it.each([
    ['main image first', { main_image_url: '/img/p.png', vendor }, '/img/p.png'],
    ['vendor image next', { main_image_url: null, vendor }, '/img/poly.png'],
    ['empty main image falls through', { main_image_url: '', vendor }, '/img/poly.png'],
    ['camera when vendor has no image', { main_image_url: null, vendor: { ...vendor, image_url: null } }, defaultCameraUrl],
    ['camera without vendor', { main_image_url: null, vendor: null }, defaultCameraUrl],
  ] as const)('%s', (_label, product, expected) => {
    expect(productImageUrl(product)).toBe(expected);
  });
  it('the default camera is a real asset', () => {
    expect(defaultCameraUrl).toMatch(/default-camera|^data:image\/svg/);
  });
});

describe('productThumbnailUrl', () => {
  it('prefers the thumbnail, then the image chain', () => {
    expect(productThumbnailUrl({ thumb_url: '/t.png', main_image_url: '/m.png', vendor })).toBe('/t.png');
    expect(productThumbnailUrl({ thumb_url: null, main_image_url: '/m.png', vendor })).toBe('/m.png');
  });
});
