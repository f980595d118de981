// The typed context of an e-mail (spec `emails.<name>.context`) and the sample the preview renders
// with it. A context maps names to types in a small grammar a product owner can read:
//   order: { name: string, total: money, currency: enum currency }   an object
//   lines: [{ name: string, quantity: integer }]                     a list of one item type
//   expiry_date?: date                                               `?`: may be null
import type { Located, Raw } from './specContext';
import { specError } from './specContext';
import type { SpecError } from '../load/readSpec';
import type { EmailField, EmailScalar, EmailValueType, EnumDef } from './types';

const SCALARS: readonly EmailScalar[] = ['string', 'text', 'url', 'integer', 'boolean', 'money', 'date', 'timestamp'];

/** The helpers templates may call (docs/spec.md "emails"): a context name may not hide one. */
export const EMAIL_HELPERS = ['t', 'money', 'date', 'datetime', 'number', 'label'] as const;
export const BLOCK_HELPERS = ['if', 'unless', 'each', 'with'] as const;
const RESERVED = new Set<string>([...EMAIL_HELPERS, ...BLOCK_HELPERS, 'lookup', 'log', 'this']);

const scalar = (name: EmailScalar): EmailValueType => ({ kind: 'scalar', scalar: name });
const field = (name: string, type: EmailValueType, nullable = false): EmailField => ({ name, type, nullable });

/**
 * What the server gives every e-mail besides its own context (server/integrations/emails): the
 * recipient's language (`<html lang>`), the portal's name and address (the recipient's
 * organisation's base URL, else PUBLIC_URL), the recipient, and the branding of the recipient's
 * nearest organisation that has one (null when none does).
 */
export const COMMON_CONTEXT: EmailField[] = [
  field('language', scalar('string')),
  field('portal', { kind: 'object', fields: [field('name', scalar('string')), field('url', scalar('url'))] }),
  field('recipient', { kind: 'object', fields: [field('name', scalar('string'), true), field('email_address', scalar('string'))] }),
  field(
    'branding',
    {
      kind: 'object',
      fields: [field('logo_url', scalar('url'), true), field('colour', scalar('string'), true), field('footer_text', scalar('text'), true)],
    },
    true,
  ),
];

/** A type written as text: a scalar's name or `enum <name>`. */
function typeOfText(
  text: string,
  enums: EnumDef[],
  at: Located<unknown>,
  path: (string | number)[],
  errors: SpecError[],
): EmailValueType | undefined {
  const enumName = /^enum\s+([a-z][a-z0-9_]*)$/.exec(text)?.[1];
  if (enumName !== undefined) {
    const found = enums.find((candidate) => candidate.name === enumName);
    if (found) return { kind: 'enum', enumName, values: found.values };
    errors.push(specError(at, `unknown enum "${enumName}"`, path));
    return undefined;
  }
  if ((SCALARS as readonly string[]).includes(text)) return scalar(text as EmailScalar);
  errors.push(specError(at, `unknown type "${text}" (one of ${SCALARS.join(', ')}, enum <name>, { … }, [ … ])`, path));
  return undefined;
}

function typeOf(
  raw: Raw,
  enums: EnumDef[],
  at: Located<unknown>,
  path: (string | number)[],
  errors: SpecError[],
): EmailValueType | undefined {
  if (typeof raw === 'string') return typeOfText(raw.trim(), enums, at, path, errors);
  if (Array.isArray(raw)) {
    if (raw.length !== 1) {
      errors.push(specError(at, 'a list names the type of its items once: [ <type> ]', path));
      return undefined;
    }
    const items = typeOf(raw[0], enums, at, [...path, 0], errors);
    return items && { kind: 'list', items };
  }
  if (raw !== null && typeof raw === 'object')
    return { kind: 'object', fields: fieldsOf(raw as Record<string, Raw>, enums, at, path, errors) };
  errors.push(specError(at, 'a type is a name (string, money, enum <name>…), an object { … } or a list [ … ]', path));
  return undefined;
}

/** The fields of a context map; names are identifiers, `?` marks one that may be null. */
export function fieldsOf(
  raw: Record<string, Raw>,
  enums: EnumDef[],
  at: Located<unknown>,
  path: (string | number)[],
  errors: SpecError[],
): EmailField[] {
  return Object.entries(raw).flatMap(([key, value]) => {
    const match = /^([a-z][a-z0-9_]*)(\?)?$/.exec(key);
    if (!match) {
      errors.push(
        specError(at, `"${key}" is not a name (lower case, digits and _; a ? after it for one that may be null)`, [...path, key]),
      );
      return [];
    }
    const name = match[1]!;
    if (RESERVED.has(name)) {
      errors.push(specError(at, `"${name}" is the name of a helper: a variable cannot be called so`, [...path, key]));
      return [];
    }
    const type = typeOf(value, enums, at, [...path, key], errors);
    return type ? [field(name, type, match[2] === '?')] : [];
  });
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONEY = /^-?\d+(\.\d{1,4})?$/;

/** Why a sample value does not fit its type, or undefined when it does. */
function misfit(type: EmailValueType, value: unknown): string | undefined {
  switch (type.kind) {
    case 'enum':
      return type.values.includes(value as string | number) ? undefined : `a value of enum ${type.enumName} (${type.values.join(', ')})`;
    case 'list':
      return Array.isArray(value) ? undefined : 'a list';
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value) ? undefined : 'an object';
    case 'scalar':
      switch (type.scalar) {
        case 'integer':
          return Number.isInteger(value) ? undefined : 'an integer';
        case 'boolean':
          return typeof value === 'boolean' ? undefined : 'true or false';
        case 'money':
          return typeof value === 'string' && MONEY.test(value) ? undefined : 'an amount as a quoted decimal ("1249.50")';
        case 'date':
          return typeof value === 'string' && DATE.test(value) ? undefined : 'a date as "YYYY-MM-DD"';
        case 'timestamp':
          return typeof value === 'string' && !Number.isNaN(Date.parse(value)) && /T/.test(value)
            ? undefined
            : 'an ISO timestamp ("2026-03-05T14:30:00Z")';
        default:
          return typeof value === 'string' ? undefined : 'text';
      }
  }
}

/** Checks a sample against fields: every field given (null only where it may be), nothing else. */
export function checkSample(
  fields: EmailField[],
  sample: Record<string, unknown>,
  at: Located<unknown>,
  path: (string | number)[],
  errors: SpecError[],
): void {
  for (const { name, type, nullable } of fields) {
    const here = [...path, name];
    if (!Object.hasOwn(sample, name)) {
      errors.push(specError(at, `the sample lacks "${name}"`, path));
      continue;
    }
    const value = sample[name];
    if (value === null) {
      if (!nullable) errors.push(specError(at, `"${name}" may not be null (declare it as ${name}? if it may)`, here));
      continue;
    }
    const wanted = misfit(type, value);
    if (wanted) {
      errors.push(specError(at, `"${name}" should be ${wanted}`, here));
      continue;
    }
    if (type.kind === 'object') checkSample(type.fields, value as Record<string, unknown>, at, here, errors);
    if (type.kind === 'list') {
      (value as unknown[]).forEach((item, i) => {
        const itemWanted = misfit(type.items, item);
        if (itemWanted) errors.push(specError(at, `item ${i} of "${name}" should be ${itemWanted}`, [...here, i]));
        else if (type.items.kind === 'object') checkSample(type.items.fields, item as Record<string, unknown>, at, [...here, i], errors);
      });
    }
  }
  for (const name of Object.keys(sample)) {
    if (!fields.some((candidate) => candidate.name === name))
      errors.push(specError(at, `"${name}" is not in the context`, [...path, name]));
  }
}
