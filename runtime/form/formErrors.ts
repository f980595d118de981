import type { RJSFValidationError } from '@rjsf/utils';
import type { MessageKey } from '../generated/messages';

export type ErrorTranslate = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * The patterns the generator writes into form schemas (generator/emit/jsonSchema.ts), told apart
 * by their shape: an e-mail has an `@`, a phone number starts with an optional plus and digits,
 * a decimal allows `{1,places}` digits after its point, and `\S` only asks for some text.
 */
function patternMessage(pattern: string, translate: ErrorTranslate): string {
  if (pattern === '\\S') return translate('field_required');
  if (pattern.includes('@')) return translate('email_regex');
  if (pattern.startsWith('^\\+?[0-9')) return translate('contact_number_regex');
  const places = /\(\\\.\[0-9\]\{1,(\d+)\}\)\?\$$/.exec(pattern)?.[1];
  if (places !== undefined) return translate('field_decimal', { places });
  return translate('field_invalid');
}

/** The catalogue's words for one of ajv's errors, in the user's language. */
function messageOf(error: RJSFValidationError, translate: ErrorTranslate): string {
  const params = (error.params ?? {}) as { limit?: number; pattern?: string; format?: string };
  switch (error.name) {
    case 'required':
      return translate('field_required');
    case 'minLength':
      return (params.limit ?? 0) <= 1 ? translate('field_required') : translate('field_too_short', { min: params.limit ?? 0 });
    case 'maxLength':
      return translate('field_too_long', { max: params.limit ?? 0 });
    case 'minimum':
    case 'exclusiveMinimum':
      return translate('field_minimum', { min: params.limit ?? 0 });
    case 'maximum':
    case 'exclusiveMaximum':
      return translate('field_maximum', { max: params.limit ?? 0 });
    case 'pattern':
      return patternMessage(params.pattern ?? '', translate);
    case 'format':
      return params.format === 'date' || params.format === 'date-time' ? translate('field_date') : translate('field_invalid');
    case 'enum':
      return translate('field_choose');
    default:
      return translate('field_invalid');
  }
}

/**
 * rjsf's `transformErrors`: ajv's raw English ('must match pattern "^…$"', 'must have required
 * property') become the catalogue's messages (`email_regex`, `field_required`, `field_too_long`
 * with its `{{max}}`…), so a form speaks the user's language and never shows a pattern.
 */
export function localiseErrors(errors: RJSFValidationError[], translate: ErrorTranslate): RJSFValidationError[] {
  return errors.map((error) => {
    const message = messageOf(error, translate);
    return { ...error, message, stack: message };
  });
}
