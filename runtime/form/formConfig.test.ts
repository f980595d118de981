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
    const config = formConfig('role_form');
    expect(formFields(config, { id: 9, organisation: { id: 2, name: 'Reseller Partners UK Ltd' }, name: 'Q', extra: 1 })).toEqual({
      organisation: 2,
      name: 'Q',
    });
    expect(formFields(config, { organisation: null })).toEqual({ organisation: null });
  });
});
