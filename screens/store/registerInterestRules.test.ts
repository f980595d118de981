import { describe, expect, it } from 'vitest';
import { EMPTY_REGISTER_INTEREST, registerInterestErrors, toAccountRequest, type RegisterInterestValues } from './registerInterestRules';

const valid: RegisterInterestValues = {
  ...EMPTY_REGISTER_INTEREST,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email_address: 'ada@example.co.uk',
  company_name: 'Engines Ltd',
  company_type: 'reseller',
};

describe('registerInterestErrors', () => {
  it('a complete form has no errors', () => {
    expect(registerInterestErrors(valid)).toEqual({});
  });
  it('an empty form names every required field', () => {
    expect(registerInterestErrors(EMPTY_REGISTER_INTEREST)).toEqual({
      first_name: 'required',
      last_name: 'required',
      email_address: 'required',
      company_name: 'required',
      company_type: 'required',
    });
  });
  const cases: [string, Partial<RegisterInterestValues>, ReturnType<typeof registerInterestErrors>][] = [
    ['first name of 255 is fine', { first_name: 'a'.repeat(255) }, {}],
    ['first name of 256 is too long', { first_name: 'a'.repeat(256) }, { first_name: 'too_long' }],
    ['company name of 25 is fine', { company_name: 'c'.repeat(25) }, {}],
    ['company name of 26 is too long', { company_name: 'c'.repeat(26) }, { company_name: 'too_long' }],
    ['blank-only name is missing', { last_name: '   ' }, { last_name: 'required' }],
    ['email without domain', { email_address: 'ada@' }, { email_address: 'email_regex' }],
    ['email without top-level part', { email_address: 'ada@example' }, { email_address: 'email_regex' }],
    ['email with a one-letter top level', { email_address: 'ada@example.c' }, { email_address: 'email_regex' }],
    ['email with allowed punctuation', { email_address: "o'brien+sales@example.com" }, {}],
    ['phone with plus, spaces, brackets, hyphens', { contact_number: '+44 (0)20 7946-0000' }, {}],
    ['phone with letters', { contact_number: '0207 CALL ME' }, { contact_number: 'contact_number_regex' }],
    ['phone with a plus inside', { contact_number: '020+7946' }, { contact_number: 'contact_number_regex' }],
    ['phone of 26 characters', { contact_number: '1'.repeat(26) }, { contact_number: 'contact_number_regex' }],
    ['phone of 25 characters', { contact_number: '1'.repeat(25) }, {}],
    ['other company type', { company_type: 'end user' }, {}],
  ];
  it.each(cases)('%s', (_label, change, expected) => {
    expect(registerInterestErrors({ ...valid, ...change })).toEqual(expected);
  });
});

describe('toAccountRequest', () => {
  it('trims and turns empty optional fields into null', () => {
    expect(
      toAccountRequest({ ...valid, first_name: ' Ada ', contact_number: ' ', requirements: '', vendors_of_interest: ['zoom'] }),
    ).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email_address: 'ada@example.co.uk',
      contact_number: null,
      company_name: 'Engines Ltd',
      company_type: 'reseller',
      vendors_of_interest: ['zoom'],
      requirements: null,
    });
  });
});

describe('toAccountRequest without a company type', () => {
  it('sends nothing', () => {
    expect(toAccountRequest({ ...valid, company_type: '' })).toBeNull();
  });
});
