import { describe, expect, it } from 'vitest';
import { humanise, localiseUiSchema, type Translator } from './localiseForm';

const catalogue: Record<string, string> = {
  'basket.name': 'Basket name',
  'company_type.reseller': 'Reseller',
  'address.city': 'Town',
  'enabled_status.ENABLED': 'Enabled',
  'session_timeout.1800': '30 minutes',
  'subscription_product_type.BASE': 'Base',
  'form.none': '— None —',
};
const translator: Translator = { has: (key) => key in catalogue, translate: (key) => catalogue[key] ?? key };

const schema = {
  type: 'object',
  properties: {
    name: { title: 'basket.name', type: 'string' },
    first_name: { title: 'request_account_form.first_name', type: 'string' },
    company_type: { title: 'Company', type: 'string', enum: ['reseller', 'other'] },
    vendors: { type: 'array', items: { type: 'string', enum: ['zoom'] } },
    address: { type: 'object', properties: { city: { title: 'address.city', type: 'string' } } },
  },
};

type Ui = Record<string, Record<string, unknown>>;

describe('localiseUiSchema', () => {
  const ui = localiseUiSchema(schema, { company_type: { 'ui:widget': 'radio' } }, translator) as Ui;

  it('translates titles that are catalogue keys into ui:title', () => {
    expect(ui['name']?.['ui:title']).toBe('Basket name');
  });

  it('shows the field name readably for a missing key or no title, and keeps plain titles', () => {
    expect(ui['first_name']?.['ui:title']).toBe('First name');
    expect(ui['vendors']?.['ui:title']).toBe('Vendors');
    expect(ui['company_type']?.['ui:title']).toBe('Company');
  });

  it('labels enum values from <field>.<value> keys, the raw value otherwise, keeping other ui options', () => {
    expect(ui['company_type']).toMatchObject({ 'ui:widget': 'radio', 'ui:enumNames': { reseller: 'Reseller', other: 'other' } });
    expect(ui['vendors']?.['ui:enumNames']).toEqual({ zoom: 'zoom' });
  });

  it('descends into nested objects', () => {
    expect(ui['address']?.['city']).toEqual({ 'ui:title': 'Town' });
  });

  it('labels each choice by the key the generated uiSchema names, and a null choice as "none"', () => {
    const enums = {
      type: 'object',
      properties: {
        status: { type: 'string', enum: ['ENABLED'] },
        timeout: { type: 'integer', enum: [1800] },
        product_type: { type: ['string', 'null'], enum: ['BASE', null], default: null },
      },
    };
    const generated = {
      status: { 'ui:enumNames': { ENABLED: 'enabled_status.ENABLED' } },
      timeout: { 'ui:enumNames': { 1800: 'session_timeout.1800' } },
      product_type: { 'ui:enumNames': { BASE: 'subscription_product_type.BASE' } },
    };
    const labelled = localiseUiSchema(enums, generated, translator) as Ui;
    expect(labelled['status']?.['ui:enumNames']).toEqual({ ENABLED: 'Enabled' });
    expect(labelled['timeout']?.['ui:enumNames']).toEqual({ 1800: '30 minutes' });
    expect(labelled['product_type']?.['ui:enumNames']).toEqual({ BASE: 'Base', null: '— None —' });
  });

  it('keeps what the uiSchema already says and leaves the schema alone', () => {
    const kept = localiseUiSchema(schema, { company_type: { 'ui:enumNames': ['R', 'O'], 'ui:title': 'Kind' } }, translator) as Ui;
    expect(kept['company_type']).toEqual({ 'ui:enumNames': ['R', 'O'], 'ui:title': 'Kind' });
    const words = localiseUiSchema(schema, { company_type: { 'ui:enumNames': { reseller: 'Partner' } } }, translator) as Ui;
    expect(words['company_type']?.['ui:enumNames']).toEqual({ reseller: 'Partner', other: 'other' });
    expect(schema.properties.name.title).toBe('basket.name');
  });
});

describe('humanise', () => {
  it('turns field names into words', () => {
    expect(humanise('email_address')).toBe('Email address');
  });
});
