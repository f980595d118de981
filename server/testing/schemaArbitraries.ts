import fc from 'fast-check';
import { apiSchemas } from '../generated/apiSchemas';

/**
 * fast-check arbitraries drawn from the API's JSON schemas (server/generated): values a schema
 * accepts, and values it must refuse — wrong types, out of bounds, too long, unknown or missing
 * properties, NUL and other unicode, deep nesting. The contract fuzz test and the authorization
 * matrix build their requests from them.
 */
export type Schema = Record<string, unknown>;

const definitions = apiSchemas.definitions as unknown as Record<string, Schema>;
const INT32 = 2 ** 31 - 1;
/** Strings are drawn short: what long ones do is the invalid side's business (maxLength + 1 …). */
const LONGEST_VALID_STRING = 40;

/** The schema a $ref (api#/definitions/X) names, or the schema itself. */
export function resolved(schema: Schema): Schema {
  const ref = schema['$ref'];
  if (typeof ref !== 'string') return schema;
  const name = ref.slice(ref.lastIndexOf('/') + 1);
  const target = definitions[name];
  if (!target) throw new Error(`unknown schema ${ref}`);
  return target;
}

const propertiesOf = (schema: Schema) => (schema['properties'] ?? {}) as Record<string, Schema>;
const requiredOf = (schema: Schema) => (schema['required'] ?? []) as string[];

function validString(schema: Schema): fc.Arbitrary<string> {
  const minLength = Number(schema['minLength'] ?? 0);
  const maxLength = Math.min(Number(schema['maxLength'] ?? LONGEST_VALID_STRING), LONGEST_VALID_STRING);
  if (schema['format'] === 'date-time')
    return fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((date) => date.toISOString());
  if (schema['format'] === 'date')
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
  const pattern = schema['pattern'];
  if (typeof pattern === 'string') {
    const limit = Number(schema['maxLength'] ?? Infinity);
    return fc.stringMatching(new RegExp(pattern)).filter((text) => text.length >= minLength && text.length <= limit && text.length <= 200);
  }
  return fc.string({ minLength, maxLength: Math.max(minLength, maxLength), unit: 'grapheme' });
}

/** Values the schema accepts. */
export function validValue(input: Schema): fc.Arbitrary<unknown> {
  const schema = resolved(input);
  if (Array.isArray(schema['anyOf'])) return fc.oneof(...(schema['anyOf'] as Schema[]).map(validValue));
  if (Array.isArray(schema['enum'])) return fc.constantFrom(...(schema['enum'] as unknown[]));
  switch (schema['type']) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = Number(schema['minimum'] ?? -INT32 - 1);
      const max = Number(schema['maximum'] ?? INT32);
      // Mostly small: ids and counts that name records of the demo data.
      return fc.oneof(
        { arbitrary: fc.integer({ min, max: Math.min(max, Math.max(min, 0) + 20) }), weight: 3 },
        { arbitrary: fc.integer({ min, max }), weight: 1 },
      );
    }
    case 'number':
      return fc.double({
        noNaN: true,
        noDefaultInfinity: true,
        min: Number(schema['minimum'] ?? -1e9),
        max: Number(schema['maximum'] ?? 1e9),
      });
    case 'string':
      return validString(schema);
    case 'array': {
      const items = validValue((schema['items'] ?? {}) as Schema);
      return schema['uniqueItems']
        ? fc.uniqueArray(items, { maxLength: 4, selector: (item) => JSON.stringify(item) })
        : fc.array(items, { maxLength: 4 });
    }
    case 'object': {
      const properties = propertiesOf(schema);
      const shape = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, validValue(property)]));
      return fc.record(shape, { requiredKeys: requiredOf(schema).filter((name) => name in properties) });
    }
    default:
      return fc.anything();
  }
}

/** Text a careless or hostile client sends: unicode of every kind, NUL, control characters, markup. */
export const nastyText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    '\uFEFF',
    '﷽'.repeat(20),
    '%00',
    '../../etc/passwd',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '%',
    '_',
    '\\',
    ' ',
    '',
    'null',
    'NaN',
    '1e309',
    '-0',
    '0x10',
    '1.5',
    '٣',
  ),
);

const deepObject = fc.integer({ min: 50, max: 3000 }).map((depth) => {
  let value: unknown = {};
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
});

/** One value the schema must refuse (or, for some, may accept: the test asks no 5xx of either). */
export function invalidValue(input: Schema): fc.Arbitrary<unknown> {
  const schema = resolved(input);
  const wrongType = fc.oneof(
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    nastyText,
    fc.array(fc.integer(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
    deepObject,
  );
  const type = schema['type'];
  const options: fc.Arbitrary<unknown>[] = [wrongType];
  if (type === 'integer' || type === 'number') {
    const low = Number(schema['minimum'] ?? -INT32 - 1);
    const high = Number(schema['maximum'] ?? INT32);
    options.push(fc.constantFrom(low - 1, high + 1, 1e20, -1e20, 0.5, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 31) - 1));
  }
  if (type === 'string') {
    const maxLength = Number(schema['maxLength'] ?? 300);
    options.push(
      fc.integer({ min: maxLength + 1, max: maxLength + 5000 }).map((length) => 'x'.repeat(length)),
      nastyText,
    );
  }
  if (type === 'object') options.push(invalidObject(schema));
  if (type === 'array') options.push(fc.array(invalidValue((schema['items'] ?? {}) as Schema), { minLength: 1, maxLength: 3 }));
  return fc.oneof(...options);
}

/** An object the schema refuses: a required property missing, one of the wrong kind, one unknown. */
export function invalidObject(input: Schema): fc.Arbitrary<unknown> {
  const schema = resolved(input);
  const properties = propertiesOf(schema);
  const names = Object.keys(properties);
  const valid = validValue(schema) as fc.Arbitrary<Record<string, unknown>>;
  const options: fc.Arbitrary<unknown>[] = [
    fc
      .tuple(
        valid,
        fc.string({ minLength: 1, maxLength: 12 }).filter((name) => !(name in properties)),
        fc.anything(),
      )
      .map(([value, name, extra]) => ({ ...value, [name]: extra })),
    fc.oneof(fc.constant(null), fc.array(fc.anything(), { maxLength: 3 }), nastyText, fc.integer(), deepObject),
  ];
  if (names.length > 0) {
    options.push(
      fc
        .tuple(valid, fc.constantFrom(...names))
        .chain(([value, name]) => invalidValue(properties[name]!).map((wrong) => ({ ...value, [name]: wrong }))),
    );
  }
  const required = requiredOf(schema).filter((name) => name in properties);
  if (required.length > 0) {
    options.push(
      fc.tuple(valid, fc.constantFrom(...required)).map(([value, name]) => {
        const { [name]: _dropped, ...rest } = value;
        return rest;
      }),
    );
  }
  return fc.oneof(...options);
}

/** A value of a query parameter as a URL carries it: text, or repeated for an array. */
export function queryText(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(queryText);
  if (value === null || value === undefined) return [];
  return [typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value)];
}

/** A deterministic valid value of a schema (the authorization matrix's bodies). */
export function sampleOf(schema: Schema, seed: number): unknown {
  return fc.sample(validValue(schema), { seed, numRuns: 1 })[0];
}
