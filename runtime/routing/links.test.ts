import { describe, expect, it } from 'vitest';
import { isSpaPath, routePath } from './links';

describe('isSpaPath', () => {
  it('knows the routes of the SPA, with their parameters and queries', () => {
    expect(isSpaPath(routePath('order_serials', { id: 6 }))).toBe(true);
    expect(isSpaPath('/webstore/orders/6/audit?x=1')).toBe(true);
  });

  it('leaves the paths the server answers itself to a full-page load', () => {
    expect(isSpaPath('/webstore/orders/6/serials/export')).toBe(false);
    expect(isSpaPath('/mask_user/end')).toBe(false);
  });
});
