import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { beforeAll, describe, expect, it } from 'vitest';
import { forms } from '../generated/forms';
import { i18n, loadLanguage, LOCALES } from '../i18n/i18n';
import { localiseErrors, type ErrorTranslate } from './formErrors';

// Real ajv errors of the generated forms (node may compile schemas; the browser uses the
// precompiled validators of the same schemas), turned into catalogue messages.

const translateIn =
  (language: string): ErrorTranslate =>
  (key, values) =>
    i18n.getFixedT(language)(key, values ?? {});

/** Each field's messages after validating `data` against a generated form, in a language. */
function fieldErrors(schema: unknown, data: Record<string, unknown>, language = 'en'): Record<string, string[]> {
  const { errors } = validator.validateFormData(data, structuredClone(schema) as RJSFSchema, undefined, (raw) =>
    localiseErrors(raw, translateIn(language)),
  );
  const byField: Record<string, string[]> = {};
  for (const error of errors) (byField[(error.property ?? '').replace(/^\./, '')] ??= []).push(error.message ?? '');
  return byField;
}

const feed = { name: 'Daily', organisation: 3, timeslot: 0, delivery_method: 'FTP', ftp_server_port: 21 };

describe('client-side validation messages come from the catalogue', () => {
  beforeAll(() => Promise.all(LOCALES.map(loadLanguage)));

  it('a missing required field, a bad e-mail and a text too long', () => {
    expect(fieldErrors(forms.user_form.schema, { email_address: 'ada@example' })).toMatchObject({
      name: ['This field is required.'],
      email_address: ['Please enter a valid e-mail address.'],
    });
    expect(fieldErrors(forms.product_group_form.schema, { name: 'x'.repeat(46) })).toEqual({ name: ['At most 45 characters.'] });
  });

  it('numbers below their minimum or above their maximum, with the limit', () => {
    expect(fieldErrors(forms.feed_form.schema, { ...feed, ftp_server_port: 70000, timeslot: -30 })).toEqual({
      ftp_server_port: ['The value must be at most 65535.'],
      timeslot: ['The value must be at least 0.'],
    });
  });

  it("speaks the user's language", () => {
    expect(fieldErrors(forms.user_form.schema, { email_address: 'nobody' }, 'de')).toMatchObject({
      name: ['Dieses Feld ist erforderlich.'],
      email_address: ['Bitte geben Sie eine gültige E-Mail-Adresse ein.'],
    });
    expect(fieldErrors(forms.product_group_form.schema, { name: 'x'.repeat(46) }, 'fr')).toEqual({ name: ['45 caractères au maximum.'] });
  });

  it('phone numbers, decimals, dates and choices by their kind, never a raw pattern', () => {
    const schema = {
      type: 'object',
      properties: {
        phone: { type: 'string', pattern: forms.request_account_form.schema.properties.contact_number.pattern },
        price: { type: 'string', pattern: '^-?[0-9]{1,15}(\\.[0-9]{1,4})?$' },
        due: { type: 'string', format: 'date' },
        status: { type: 'string', enum: ['ENABLED', 'DISABLED'] },
        code: { type: 'string', pattern: '^[A-Z]{3}$' },
      },
    };
    expect(fieldErrors(schema, { phone: 'call me', price: '1.23456', due: '31/02/2026', status: 'ON', code: 'abc' })).toEqual({
      phone: ['Please enter a valid phone number.'],
      price: ['Enter a number with at most 4 decimal places.'],
      due: ['Please enter a valid date.'],
      status: ['Please choose one of the options.'],
      code: ['This value is not valid.'],
    });
  });
});
