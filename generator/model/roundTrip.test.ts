import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '../emit/openapi';
import { emitServerSchemas } from '../emit/serverCode';
import { modelErrorOf, modelOf } from '../testing/fragments';

// Records round-trip (`round_trip` on an input schema): the record as its GET answers it is a valid
// body; what the input lacks is readOnly, ignored or fixed (generator/model/roundTrip.ts).

const SPEC = (schemas: string, problems = '') =>
  ({
    'messages/en.yaml': 'messages:\n  crumb.home: Home\n  problem.forbidden_field: You may not set this field.\n',
    'spec.yaml': [
      'entities:',
      '  organisation:',
      '    table: organisations',
      '    fields:',
      '      id: { type: id }',
      '      name: { type: string, max: 45, required: true }',
      '  thing:',
      '    table: things',
      '    fields:',
      '      id: { type: id }',
      '      name: { type: string, max: 45, required: true }',
      '      owner: { type: ref, to: organisation, nullable: true }',
      '      kind: { type: string, max: 10, nullable: true }',
      '      total: { type: money, nullable: true }',
      '      rank: { type: integer, nullable: true }',
      '      made_at: { type: timestamp, nullable: true }',
      'schemas:',
      '  OrganisationRef: { from: organisation, fields: [id, name] }',
      '  Thing:',
      '    from: thing',
      '    fields: [id, name, kind, total, rank, made_at]',
      '    add:',
      '      owner: { schema: OrganisationRef, via: owner, nullable: true, required: true }',
      '      label: { type: string, required: true }',
      schemas,
      'operations:',
      '  getThing:',
      '    method: get',
      '    path: /things/{id}',
      '    auth: session',
      '    generic: { get: thing, schema: Thing }',
      '    response: Thing',
      '  updateThing:',
      '    method: put',
      '    path: /things/{id}',
      '    auth: session',
      '    body: ThingUpdate',
      '    handler: things/handlers#updateThing',
      '    response: Thing',
      problems,
    ].join('\n'),
  }) as Record<string, string>;

type Schema = { properties: Record<string, Record<string, unknown>>; required?: string[]; [key: string]: unknown };
const bodyOf = (schemas: string): Schema =>
  (buildOpenApi(modelOf(SPEC(schemas))) as unknown as { components: { schemas: Record<string, Schema> } }).components.schemas[
    'ThingUpdate'
  ]!;

/** Each property of the body by what the round trip makes of it. */
function kinds(body: Schema): Record<string, string> {
  return Object.fromEntries(
    Object.entries(body.properties).map(([name, property]) => [
      name,
      property['x-fixed']
        ? 'fixed'
        : property['readOnly']
          ? 'ignored'
          : property['x-record-ref']
            ? 'ref object'
            : property['x-null-keeps']
              ? 'null keeps'
              : 'input',
    ]),
  );
}

const UPDATE = '  ThingUpdate: { input: true, round_trip: Thing, from: thing, fields: [name] }';
const CREATE = '  ThingCreate: { input: true, from: thing, fields: [name, kind, owner] }';

describe('round_trip', () => {
  it.each<{ name: string; given: string; want: Record<string, string> }>([
    {
      name: 'the server’s own fields (id, totals, dates, computed and joined ones) are ignored',
      given: UPDATE,
      want: {
        name: 'input',
        id: 'ignored',
        kind: 'ignored',
        total: 'ignored',
        rank: 'ignored',
        made_at: 'ignored',
        owner: 'ignored',
        label: 'ignored',
      },
    },
    {
      name: 'a field another input sets is fixed, a joined record of one too',
      given: `${UPDATE}\n${CREATE}`,
      want: {
        name: 'input',
        id: 'ignored',
        kind: 'fixed',
        total: 'ignored',
        rank: 'ignored',
        made_at: 'ignored',
        owner: 'fixed',
        label: 'ignored',
      },
    },
    {
      name: 'an input ref the record shows as an object takes the object',
      given: '  ThingUpdate: { input: true, round_trip: Thing, from: thing, fields: [name, owner] }',
      want: {
        name: 'input',
        owner: 'ref object',
        id: 'ignored',
        kind: 'ignored',
        total: 'ignored',
        rank: 'ignored',
        made_at: 'ignored',
        label: 'ignored',
      },
    },
    {
      name: 'a record’s null where the input takes none keeps the stored value',
      given:
        '  ThingUpdate:\n    input: true\n    round_trip: Thing\n    from: thing\n    fields: [name]\n    add:\n      rank: { type: integer, min: 1, max: 60 }',
      want: {
        name: 'input',
        rank: 'null keeps',
        id: 'ignored',
        kind: 'ignored',
        total: 'ignored',
        made_at: 'ignored',
        owner: 'ignored',
        label: 'ignored',
      },
    },
    {
      name: 'a field the schema names in fixed is fixed',
      given: '  ThingUpdate: { input: true, round_trip: Thing, from: thing, fields: [name], fixed: [rank] }',
      want: {
        name: 'input',
        id: 'ignored',
        kind: 'ignored',
        total: 'ignored',
        rank: 'fixed',
        made_at: 'ignored',
        owner: 'ignored',
        label: 'ignored',
      },
    },
  ])('$name', ({ given, want }) => {
    const body = bodyOf(given);
    expect(kinds(body)).toEqual(want);
    expect(body['x-round-trip']).toBe('Thing');
    // What travels only as the record shows it is never required.
    expect(body.required).toEqual(['name']);
  });

  it('declares 403 forbidden_field on an operation whose body has fixed fields, and only then', () => {
    const codes = (schemas: string) =>
      (
        buildOpenApi(modelOf(SPEC(schemas))) as unknown as {
          paths: Record<string, Record<string, { responses: Record<string, { 'x-problem-codes'?: string[] }> }>>;
        }
      ).paths['/things/{id}']!['put']!.responses['403']?.['x-problem-codes'];
    expect(codes(`${UPDATE}\n${CREATE}`)).toEqual(['forbidden_field']);
    expect(codes(UPDATE)).toBeUndefined();
  });

  it('carries the annotations to the server’s validators, and keeps them strict', () => {
    const server = emitServerSchemas(modelOf(SPEC(`${UPDATE}\n${CREATE}`)));
    expect(server).toContain('"x-round-trip": "Thing"');
    expect(server).toContain('"x-fixed": true');
    expect(server).toMatch(/"ThingUpdate": \{\s*"type": "object",\s*"additionalProperties": false/);
  });

  it.each([
    ['an unknown record', '  ThingUpdate: { input: true, round_trip: Nothing, from: thing, fields: [name] }', 'unknown schema "Nothing"'],
    [
      'a record schema that is an input',
      `  ThingUpdate: { input: true, round_trip: ThingCreate, from: thing, fields: [name] }\n${CREATE}`,
      '"ThingCreate" is an input schema, not a record',
    ],
    [
      'round_trip on an answer',
      '  ThingUpdate: { round_trip: Thing, from: thing, fields: [name] }',
      'round_trip belongs to an input schema',
    ],
    [
      'a record of another entity',
      '  ThingUpdate: { input: true, round_trip: OrganisationRef, from: thing, fields: [name] }',
      'must be from the same entity as the input',
    ],
    [
      'fixed naming no property of the record',
      '  ThingUpdate: { input: true, round_trip: Thing, from: thing, fields: [name], fixed: [colour] }',
      '"Thing" has no property "colour"',
    ],
    [
      'fixed naming a property of the input',
      '  ThingUpdate: { input: true, round_trip: Thing, from: thing, fields: [name], fixed: [name] }',
      '"name" is in the input: the caller sets it',
    ],
    ['fixed without round_trip', '  ThingUpdate: { input: true, from: thing, fields: [name], fixed: [rank] }', 'fixed needs round_trip'],
    [
      'a property of another shape',
      '  ThingUpdate:\n    input: true\n    round_trip: Thing\n    from: thing\n    add:\n      name: { type: integer }',
      '"name" differs from its shape in "Thing"',
    ],
  ])('refuses %s', (_name, given, message) => {
    expect(modelErrorOf(SPEC(given))).toContain(message);
  });
});
