import { describe, expect, it } from 'vitest';
import { buildCrumbs } from './buildCrumbs';

const sources = {
  params: { id: '42' },
  lookedUp: {},
  translate: (key: string) => `«${key}»`,
  pathOf: (route: string) => `/${route}`,
};

describe('buildCrumbs', () => {
  it('links every crumb with a route except the last', () => {
    const items = buildCrumbs(
      [
        { label: 'crumb.store', route: 'webstore' },
        { label: 'crumb.baskets', route: 'baskets' },
      ],
      sources,
    );
    expect(items).toEqual([
      { text: '«crumb.store»', href: '/webstore' },
      { text: '«crumb.baskets»', href: null },
    ]);
  });

  it('shows the parameter until a lookup has loaded, then the looked-up name', () => {
    const crumbs = [
      { label: 'crumb.store', route: 'webstore' },
      { lookup: 'product', param: 'id' },
    ];
    expect(buildCrumbs(crumbs, sources)[1]?.text).toBe('42');
    expect(buildCrumbs(crumbs, { ...sources, lookedUp: { 1: 'Room kit' } })[1]?.text).toBe('Room kit');
  });

  it('shows a bare parameter crumb as the parameter', () => {
    expect(buildCrumbs([{ param: 'id' }], sources)).toEqual([{ text: '42', href: null }]);
  });

  it('does not link the first crumb when a crumb is named back office', () => {
    const items = buildCrumbs(
      [{ label: 'crumb.back_office', route: 'organisations' }, { label: 'crumb.users', route: 'users' }, { param: 'id' }],
      sources,
    );
    expect(items.map((item) => item.href)).toEqual([null, '/users', null]);
  });

  it('does not link a crumb without a route', () => {
    const items = buildCrumbs([{ label: 'crumb.store' }, { param: 'id' }], sources);
    expect(items[0]?.href).toBeNull();
  });
});
