import { describe, expect, it } from 'vitest';
import { formConfig, formFields } from './formConfig';

describe('formConfig', () => {
  it('tells where the product group form creates, updates and what it prefills', () => {
    const config = formConfig('product_group_form');
    expect(config.create).toEqual({ path: '/productgroups', route: 'product_group' });
    expect(config.update).toEqual({ path: '/productgroups/{id}', etagFrom: '/productgroups/{id}' });
    expect(config.prefill).toEqual({ name: 'product_groups.new_name' });
  });

  it("keeps only the form's fields of a record: no id, nothing the input schema refuses", () => {
    const config = formConfig('product_group_form');
    expect(formFields(config, { id: 3, name: 'Zoom', description: null, extra: 1 })).toEqual({ name: 'Zoom', description: null });
    expect(formFields(config, null)).toEqual({});
  });

  it('takes the id of a reference the record answers expanded, and keeps an empty one empty', () => {
    const config = formConfig('quote_form');
    expect(formFields(config, { id: 9, organisation_to: { id: 2, name: 'Reseller Partners UK Ltd' }, name: 'Q', recipient_name: null })).toEqual({
      organisation_to: 2,
      name: 'Q',
      recipient_name: null,
    });
    expect(formFields(config, { organisation_to: null })).toEqual({ organisation_to: null });
  });

  it('tells where the quote form loads a draft and what a new recipient empties', () => {
    const config = formConfig('quote_form');
    expect(config.load).toEqual({ path: '/quotes/outward/{id}/draft' });
    // The draft loads from its editor's get; If-Match compares with the quote's own.
    expect(config.update).toEqual({ path: '/quotes/{id}', etagFrom: '/quotes/{id}' });
    expect(config.clears).toEqual({ organisation_to: ['recipient_name', 'recipient_email'] });
  });
});
