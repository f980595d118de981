import { describe, expect, it } from 'vitest';
import { formDefinition } from './formDefinition';

// Runs the build-time compiled validator (virtual:form-validators, from the Vite plugin) of a
// real generated form, as the browser does.
describe('formDefinition', () => {
  const { schema, validator } = formDefinition('request_account_form');
  const valid = {
    first_name: 'Ann',
    last_name: 'Lee',
    email_address: 'ann@example.com',
    company_name: 'Acme',
    company_type: 'reseller',
    vendors_of_interest: ['zoom'],
  };

  it('accepts a complete request', () => {
    expect(validator.validateFormData(valid, schema).errors).toEqual([]);
  });

  it('reports a missing required field and a malformed e-mail address', () => {
    const { errors } = validator.validateFormData({ ...valid, first_name: undefined, email_address: 'nope' }, schema);
    expect(errors.map((error) => error.property?.replace(/^\./u, '')).sort()).toEqual(['email_address', 'first_name']);
  });

  it('rejects a value outside an enum', () => {
    const { errors } = validator.validateFormData({ ...valid, company_type: 'pirate' }, schema);
    expect(errors.map((error) => error.name)).toContain('enum');
  });

  it('hands out one definition per form', () => {
    expect(formDefinition('request_account_form')).toBe(formDefinition('request_account_form'));
  });
});
