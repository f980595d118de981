import type { ApiSchema, Entity, Property, RoundTrip, TypeRef } from './types';
import { fail, type Located, type Raw } from './specContext';

/**
 * Records round-trip (000 §7 "PUT /baskets/{id} with the whole basket", 001 §7, 002 §7): an input
 * schema with `round_trip: Basket` also takes the record exactly as `Basket` answers it. Each
 * property of the record the input lacks travels as readOnly: the server's own (`id`, totals,
 * dates, computed and joined values) is ignored; a field another request may set but this one may
 * not (it appears in some other input schema of the entity), or one the schema names in `fixed`
 * (a user's admin flag), is `fixed`: it must equal the stored value. A property both carry must have one shape, except an input ref the record shows as an
 * object (`shipping_type: { id, name }`), which stands for its id, and a record's null where the
 * input takes none, which keeps the stored value.
 */
export function addRoundTrips(schemas: ApiSchema[], entities: Entity[], located: Map<string, Located<Raw>>): void {
  for (const schema of schemas) {
    const at = located.get(schema.name)!;
    const recordName = at.value.round_trip as string | undefined;
    if (recordName === undefined) continue;
    const record = schemas.find((candidate) => candidate.name === recordName);
    if (!record) fail(at, `unknown schema "${recordName}"`, ['round_trip']);
    if (at.value.input !== true) fail(at, 'round_trip belongs to an input schema', ['round_trip']);
    if (located.get(recordName)?.value.input === true) fail(at, `"${recordName}" is an input schema, not a record`, ['round_trip']);
    if (record.entity === undefined || record.entity !== schema.entity)
      fail(at, `"${recordName}" must be from the same entity as the input`, ['round_trip']);
    ((at.value.fixed ?? []) as string[]).forEach((name, i) => {
      if (!record.properties.some((property) => property.name === name))
        fail(at, `"${recordName}" has no property "${name}"`, ['fixed', i]);
      if (schema.properties.some((property) => property.name === name))
        fail(at, `"${name}" is in the input: the caller sets it`, ['fixed', i]);
    });
    schema.roundTrip = roundTripOf(schema, record, schemas, entities, located, at);
  }
  for (const at of located.values()) {
    if (at.value.fixed !== undefined && at.value.round_trip === undefined) fail(at, 'fixed needs round_trip', ['fixed']);
  }
}

function roundTripOf(
  input: ApiSchema,
  record: ApiSchema,
  schemas: ApiSchema[],
  entities: Entity[],
  located: Map<string, Located<Raw>>,
  at: Located<Raw>,
): RoundTrip {
  const entity = entities.find((candidate) => candidate.name === record.entity)!;
  // What some request may set: every property of every input schema of the entity.
  const settable = new Set(
    schemas
      .filter((candidate) => candidate.entity === entity.name && located.get(candidate.name)?.value.input === true)
      .flatMap((candidate) => candidate.properties.map((property) => property.name)),
  );
  settable.delete('id');
  // Fields the spec names: the caller may not change them here (a user's admin flag).
  for (const name of (located.get(input.name)?.value.fixed ?? []) as string[]) settable.add(name);
  const named = (name: string) => ((located.get(input.name)?.value.fixed ?? []) as string[]).includes(name);
  const trip: RoundTrip = { record: record.name, ignored: [], fixed: [], refObjects: {}, nullKeeps: [] };
  for (const shown of record.properties) {
    const own = input.properties.find((property) => property.name === shown.name);
    if (own) {
      checkShape(own, shown, trip, located, at);
      continue;
    }
    const travelling = { ...shown, required: false };
    const field =
      shown.via !== undefined && shown.type.kind === 'schema'
        ? shown.via
        : entity.fields.some((candidate) => candidate.name === shown.name) && shown.type.kind === 'scalar'
          ? shown.name
          : undefined;
    if ((field !== undefined && (settable.has(field) || settable.has(shown.name))) || named(shown.name)) trip.fixed.push(travelling);
    else trip.ignored.push(travelling);
  }
  return trip;
}

function checkShape(own: Property, shown: Property, trip: RoundTrip, located: Map<string, Located<Raw>>, at: Located<Raw>): void {
  if (shown.nullable && !own.nullable) trip.nullKeeps.push(own.name);
  if (
    own.type.kind === 'scalar' &&
    shown.type.kind === 'schema' &&
    shown.via !== undefined &&
    ['ref', 'integer', 'id'].includes(own.type.scalar.type)
  ) {
    trip.refObjects[own.name] = shown.type.name;
    return;
  }
  if (!sameShape(own.type, shown.type, located))
    fail(at, `"${own.name}" differs from its shape in "${trip.record}": the record cannot be sent back`, ['round_trip']);
}

/** One shape: the same scalar type (limits may differ), or arrays of such, or an input schema taking the record's items back. */
function sameShape(own: TypeRef, shown: TypeRef, located: Map<string, Located<Raw>>): boolean {
  if (own.kind === 'scalar' && shown.kind === 'scalar')
    return own.scalar.type === shown.scalar.type && own.scalar.enumName === shown.scalar.enumName;
  if (own.kind === 'array' && shown.kind === 'array') return sameShape(own.items, shown.items, located);
  if (own.kind === 'schema' && shown.kind === 'schema')
    return own.name === shown.name || located.get(own.name)?.value.round_trip === shown.name;
  return false;
}
