import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OrganisationOptionList } from './OrganisationOptionList';
import { offeredOrganisations } from './useOrganisationOptions';

const TREE = [
  { id: 2, name: 'Reseller', depth: 1 },
  { id: 3, name: 'Customer', depth: 2 },
  { id: 7, name: 'Branch', depth: 3 },
];

describe('organisation choices', () => {
  it('indent each option by its depth below the shallowest offered', () => {
    const html = renderToStaticMarkup(<select>{<OrganisationOptionList organisations={TREE} />}</select>);
    expect(html).toBe(
      '<select><option value="2">Reseller</option><option value="3">\u00a0\u00a0\u00a0Customer</option><option value="7">\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0Branch</option></select>',
    );
  });

  it("offer the organisations below the user's own only with descendants", () => {
    expect(offeredOrganisations(TREE, true, 2).map((organisation) => organisation.id)).toEqual([3, 7]);
    expect(offeredOrganisations(TREE, undefined, 2).map((organisation) => organisation.id)).toEqual([2, 3, 7]);
  });
});
