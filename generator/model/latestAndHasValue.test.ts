import { describe, expect, it } from 'vitest';
import { emitServerOperations } from '../emit/serverCode';
import { modelErrorOf, modelOf } from '../testing/fragments';

// Schema properties a record's row query computes (docs/spec.md): the newest child row
// (`latest: { via, by }`, a feed's last run) and whether a field holds a value (`has_value`, a
// private password that is never shown).

const ENTITIES = [
  'entities:',
  '  thing:',
  '    table: things',
  '    fields:',
  '      id: { type: id }',
  '      name: { type: string, max: 50, required: true }',
  '      secret: { type: text, max: 50, nullable: true, private: true }',
  '  attempt:',
  '    table: attempts',
  '    fields:',
  '      id: { type: id }',
  '      thing: { type: ref, to: thing, required: true }',
  '      at: { type: timestamp, required: true }',
  '      note: { type: string, max: 50, nullable: true }',
  '',
].join('\n');

const schemas = (latest = 'latest: { via: thing, by: at }, nullable: true', hasValue = 'type: boolean, has_value: secret') =>
  [
    'schemas:',
    '  Attempt: { from: attempt, fields: [id, at, note] }',
    '  Thing:',
    '    from: thing',
    '    fields: [id, name]',
    '    add:',
    `      last_attempt: { schema: Attempt, ${latest}, required: true }`,
    `      secret_set: { ${hasValue}, required: true }`,
    'operations:',
    '  getThing:',
    '    method: get',
    '    path: /things/{id}',
    '    auth: session',
    '    generic: { get: thing, schema: Thing }',
    '    response: Thing',
    '',
  ].join('\n');

const files = (api: string) => ({ 'entities/a.yaml': ENTITIES, 'api/a.yaml': api });

describe('computed schema properties', () => {
  it('tell the server which child row is the newest and which field to test for a value, leaving both out of the plain fields', () => {
    const code = emitServerOperations(modelOf(files(schemas())));
    expect(code).toMatch(/"fields": \[\s+"id",\s+"name"\s+\],\s+"expand": \[\]/);
    expect(code).toMatch(
      /"latest": \[\s+\{\s+"property": "last_attempt",\s+"entity": "attempt",\s+"via": "thing",\s+"by": "at",\s+"fields": \[\s+"id",\s+"at",\s+"note"\s+\]\s+\}\s+\]/,
    );
    expect(code).toMatch(/"present": \[\s+\{\s+"property": "secret_set",\s+"column": "secret"\s+\}\s+\]/);
  });

  it.each([
    {
      name: 'a latest row that may not be missing',
      api: schemas('latest: { via: thing, by: at }'),
      want: 'api/a.yaml:7: schemas.Thing.add.last_attempt.latest: latest needs nullable: a record may have no child rows',
    },
    {
      name: 'a latest row through a field that does not point back',
      api: schemas('latest: { via: note, by: at }, nullable: true'),
      want: 'api/a.yaml:7: schemas.Thing.add.last_attempt.latest.via: "note" is not a ref to "thing" of the entity of schema "Attempt"',
    },
    {
      name: 'a latest row ordered by a field it lacks',
      api: schemas('latest: { via: thing, by: when }, nullable: true'),
      want: 'api/a.yaml:7: schemas.Thing.add.last_attempt.latest.by: entity "attempt" has no field "when"',
    },
    {
      name: 'has_value of a field the entity lacks',
      api: schemas(undefined, 'type: boolean, has_value: password'),
      want: 'api/a.yaml:8: schemas.Thing.add.secret_set.has_value: "password" is not a field of "thing"',
    },
    {
      name: 'has_value on a property that is not a boolean',
      api: schemas(undefined, 'type: integer, has_value: secret'),
      want: 'api/a.yaml:8: schemas.Thing.add.secret_set.has_value: has_value needs a boolean property',
    },
  ])('refuse $name', ({ api, want }) => {
    expect(modelErrorOf(files(api))).toBe(want);
  });
});
