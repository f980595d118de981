import type { ApiSchema, Model, Property, Scalar, TypeRef } from '../model/types';

export type JsonSchema = Record<string, unknown>;

/**
 * Accepts the union of the local parts the requirement screens allow (000 §5) and a top-level
 * domain of 2 to 15 letters.
 */
export const EMAIL_PATTERN = "^[A-Za-z0-9.'&_%+\\-/=?^`{|}~ ]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,15}$";
/** Register-interest phone (000 §5): digits, spaces, hyphens, brackets, optional leading plus. */
export const PHONE_PATTERN = '^\\+?[0-9 ()\\-]*$';

export function enumValues(model: Model, enumName: string): (string | number)[] {
  if (enumName.startsWith('inline:')) return JSON.parse(enumName.slice('inline:'.length)) as (string | number)[];
  const found = model.enums.find((candidate) => candidate.name === enumName);
  if (!found) throw new Error(`unknown enum ${enumName}`);
  return found.values;
}

function decimalPattern(scale: number, allowNegative: boolean): string {
  return `^${allowNegative ? '-?' : ''}[0-9]{1,15}(\\.[0-9]{1,${scale}})?$`;
}

/** Integers are stored in 32-bit columns on PostgreSQL: a value beyond them is refused, not stored wrong or failed. */
export const INTEGER_MAX = 2147483647;
export const INTEGER_MIN = -2147483648;

export function scalarSchema(model: Model, scalar: Scalar): JsonSchema {
  switch (scalar.type) {
    case 'id':
    case 'ref':
      return { type: 'integer', minimum: 1, maximum: INTEGER_MAX };
    case 'integer':
      return { type: 'integer', minimum: scalar.min ?? INTEGER_MIN, maximum: scalar.max ?? INTEGER_MAX };
    case 'boolean':
      return { type: 'boolean' };
    case 'string':
    case 'text':
    case 'url':
      return { type: 'string', ...(scalar.max !== undefined && { maxLength: scalar.max }) };
    case 'email':
      return { type: 'string', pattern: EMAIL_PATTERN, ...(scalar.max !== undefined && { maxLength: scalar.max }) };
    case 'phone':
      return { type: 'string', pattern: PHONE_PATTERN, ...(scalar.max !== undefined && { maxLength: scalar.max }) };
    case 'money':
    case 'decimal':
      return {
        type: 'string',
        pattern: decimalPattern(scalar.scale ?? 4, scalar.min === undefined || scalar.min < 0),
        description: `Exact decimal with up to ${scalar.scale ?? 4} places`,
        // Bounds of a number written as text: JSON Schema's minimum/maximum apply to numbers only,
        // so the server's validator checks these exactly (server/http/validation.ts).
        ...(scalar.min !== undefined && scalar.min > 0 && { 'x-decimal-minimum': String(scalar.min) }),
        ...(scalar.max !== undefined && { 'x-decimal-maximum': String(scalar.max) }),
      };
    case 'timestamp':
      return { type: 'string', format: 'date-time' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'binary':
      return { type: 'string', contentEncoding: 'base64' };
    case 'enum': {
      const values = enumValues(model, scalar.enumName ?? '');
      return { type: typeof values[0] === 'number' ? 'integer' : 'string', enum: values };
    }
    case 'enum_list': {
      const values = enumValues(model, scalar.enumName ?? '');
      return { type: 'array', uniqueItems: true, items: { type: typeof values[0] === 'number' ? 'integer' : 'string', enum: values } };
    }
  }
}

/** Makes a schema also accept null, in the form each JSON-schema consumer understands. */
export function withNull(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema['enum'])) {
    const type = schema['type'];
    return { ...schema, type: [type, 'null'], enum: [...(schema['enum'] as unknown[]), null] };
  }
  if (typeof schema['type'] === 'string') return { ...schema, type: [schema['type'], 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}

export function typeRefSchema(model: Model, ref: TypeRef, schemaRef: (name: string) => string): JsonSchema {
  switch (ref.kind) {
    case 'scalar':
      return scalarSchema(model, ref.scalar);
    case 'schema':
      return { $ref: schemaRef(ref.name) };
    case 'array':
      return { type: 'array', items: typeRefSchema(model, ref.items, schemaRef) };
  }
}

export function propertySchema(model: Model, property: Property, schemaRef: (name: string) => string): JsonSchema {
  let base = typeRefSchema(model, property.type, schemaRef);
  if (property.maxItems !== undefined) base = { ...base, maxItems: property.maxItems };
  // A required text must say something: not empty, not only spaces.
  if (
    property.required &&
    base['type'] === 'string' &&
    base['pattern'] === undefined &&
    base['enum'] === undefined &&
    base['format'] === undefined
  ) {
    base = { ...base, minLength: 1, pattern: '\\S' };
  }
  const schema = property.nullable ? withNull(base) : base;
  return {
    ...schema,
    ...(property.description !== undefined && { description: property.description }),
    ...(property.default !== undefined && { default: property.default }),
  };
}

/** An object schema of properties; `strict` forbids unknown keys (request bodies). */
export function objectSchema(model: Model, properties: Property[], schemaRef: (name: string) => string, strict: boolean): JsonSchema {
  const required = properties.filter((property) => property.required).map((property) => property.name);
  return {
    type: 'object',
    ...(strict && { additionalProperties: false }),
    ...(required.length > 0 && { required }),
    properties: Object.fromEntries(properties.map((property) => [property.name, propertySchema(model, property, schemaRef)])),
  };
}

/**
 * An API shape as requests are validated against it and the contract shows it: an input schema
 * with `round_trip` also takes the record as its GET answered it (generator/model/roundTrip.ts).
 * The record's other properties are `readOnly` (`x-fixed` for those that must equal the stored
 * value); an input ref the record shows as an object also takes the object (`x-record-ref`: the
 * object stands for its id); a null where the input takes none keeps the stored value
 * (`x-null-keeps`). The handler's own type (types.ts) stays the plain input: the server strips
 * and converts before it runs (server/http/roundTrip.ts).
 */
export function shapeSchema(model: Model, schema: ApiSchema, schemaRef: (name: string) => string, strict: boolean): JsonSchema {
  const base = objectSchema(model, schema.properties, schemaRef, strict);
  const trip = schema.roundTrip;
  if (!trip) return base;
  const properties = { ...(base['properties'] as Record<string, JsonSchema>) };
  for (const name of trip.nullKeeps) properties[name] = { ...withNull(properties[name]!), 'x-null-keeps': true };
  for (const [name, refSchema] of Object.entries(trip.refObjects)) {
    properties[name] = { anyOf: [properties[name]!, { $ref: schemaRef(refSchema) }], 'x-record-ref': true };
  }
  const travelling = (property: Property, fixed: boolean): JsonSchema => {
    const { default: _default, ...shown } = propertySchema(model, { ...property, required: false }, schemaRef);
    return {
      ...shown,
      readOnly: true,
      ...(fixed && { 'x-fixed': true, description: `As the record shows it; another value is refused (403 forbidden_field)` }),
    };
  };
  for (const property of trip.ignored) properties[property.name] = travelling(property, false);
  for (const property of trip.fixed) properties[property.name] = travelling(property, true);
  return { ...base, properties, 'x-round-trip': trip.record };
}
