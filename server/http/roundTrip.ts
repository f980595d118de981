import { apiSchemas } from '../generated/apiSchemas';
import { DomainError } from '../domain/errors';

/**
 * Records round-trip (000 §7 "PUT /baskets/{id} with the whole basket", 001 §7, 002 §7): a body
 * whose schema has `round_trip` may be the record exactly as its GET answered it. After
 * validation, this takes the record back into the input the handler expects, following the
 * annotations `hub generate` writes (generator/emit/jsonSchema.ts `shapeSchema`):
 * - `readOnly` properties (the server's own: id, totals, dates, computed and joined values) are
 *   dropped; at the top level, those marked `x-fixed` (fields another request may set, this one
 *   may not) are set aside to be compared with the stored record (`checkFixed`);
 * - an `x-record-ref` property sent as the object the record shows ({ id, name }) becomes its id;
 * - an `x-null-keeps` property sent as null is dropped: the stored value stays.
 */

type Schema = Record<string, unknown>;
const definitions = apiSchemas.definitions as unknown as Record<string, Schema>;

function resolve(schema: Schema | undefined): Schema | undefined {
  const ref = schema?.['$ref'];
  return typeof ref === 'string' ? definitions[ref.slice(ref.lastIndexOf('/') + 1)] : schema;
}

const reaching = new Map<Schema, boolean>();
/** Whether a schema, or one it nests, takes a record back: bodies of other operations are passed through untouched. */
function reachesRoundTrip(schema: Schema | undefined, seen = new Set<Schema>()): boolean {
  const own = resolve(schema);
  if (!own || seen.has(own)) return false;
  const known = reaching.get(own);
  if (known !== undefined) return known;
  seen.add(own);
  const properties = Object.values((own['properties'] ?? {}) as Record<string, Schema>);
  const found =
    own['x-round-trip'] !== undefined ||
    properties.some((property) => reachesRoundTrip(property, seen) || reachesRoundTrip(property['items'] as Schema | undefined, seen));
  reaching.set(own, found);
  return found;
}

export interface TakenBack {
  body: unknown;
  /** Top-level `x-fixed` values sent, by property: they must equal the record's. */
  fixed: Record<string, unknown>;
}

export function takeRecordBack(bodySchema: object | undefined, body: unknown): TakenBack {
  const fixed: Record<string, unknown> = {};
  if (!bodySchema || !reachesRoundTrip(bodySchema as Schema)) return { body, fixed };
  return { body: walk(resolve(bodySchema as Schema), body, fixed), fixed };
}

function walk(schema: Schema | undefined, value: unknown, fixed: Record<string, unknown> | undefined): unknown {
  if (!schema || value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const properties = (schema['properties'] ?? {}) as Record<string, Schema>;
  const out: Record<string, unknown> = {};
  for (const [name, given] of Object.entries(value as Record<string, unknown>)) {
    const property = properties[name];
    if (!property) {
      out[name] = given;
      continue;
    }
    if (property['readOnly'] === true) {
      // Only a top-level field can be compared with the record its GET answers.
      if (property['x-fixed'] === true && fixed) fixed[name] = given;
      continue;
    }
    if (property['x-null-keeps'] === true && given === null) continue;
    if (property['x-record-ref'] === true && given !== null && typeof given === 'object') {
      out[name] = (given as { id?: unknown }).id;
      continue;
    }
    const items = property['items'] as Schema | undefined;
    if (Array.isArray(given) && items) out[name] = given.map((item) => walk(resolve(items), item, undefined));
    else out[name] = property['$ref'] ? walk(resolve(property), given, undefined) : given;
  }
  return out;
}

/** The id a reference shows, whether sent as the object the record shows or as the id. */
function identity(value: unknown): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && 'id' in value ? (value as { id: unknown }).id : value;
}

/**
 * A field this request may not set must be sent as the record shows it (as its get answers the
 * caller): another value is 403 forbidden_field naming it, never silently dropped.
 */
export function checkFixed(fixed: Record<string, unknown>, record: unknown): void {
  const shown = (record ?? {}) as Record<string, unknown>;
  for (const [name, given] of Object.entries(fixed)) {
    if (JSON.stringify(identity(given) ?? null) !== JSON.stringify(identity(shown[name]) ?? null)) {
      throw new DomainError('forbidden', 'forbidden_field', { field: name, detail: `${name} cannot be changed here` });
    }
  }
}
