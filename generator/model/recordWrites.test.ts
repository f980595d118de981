import { describe, expect, it } from 'vitest';
import { emitServerEntities, emitServerOperations, writtenRecord } from '../emit/serverCode';
import { modelErrorOf, modelOf } from '../testing/fragments';

// Generic actions and deletes (`generic: { action | delete, … }`), audited entities, and the
// record a write under /…/{id} changes (its lock and If-Match).

const SPEC = (operations: string, fields = '') => ({
  'enums.yaml': 'enums:\n  audit_action: [CREATE, UPDATE, DELETE, ENABLE, DISABLE]\n  state: [ON, OFF]\n',
  'entities/thing.yaml': [
    'entities:',
    '  thing:',
    '    table: things',
    '    audit: true',
    '    fields:',
    '      id: { type: id }',
    '      state: { type: enum, enum: state, default: ON }',
    '      flag: { type: boolean, default: false }',
    fields,
    '  part:',
    '    table: parts',
    '    fields:',
    '      id: { type: id }',
    '      thing: { type: ref, to: thing, required: true }',
    '  holder:',
    '    table: holders',
    '    fields:',
    '      id: { type: id }',
    '      thing: { type: ref, to: thing, required: true }',
    '',
  ].join('\n'),
  // An audited entity's fields need labels (the audit tab).
  'messages/en.yaml':
    'messages:\n  crumb.home: Home\n  problem.thing_held: Held\n  problem.invalid_state: No\n  fields.state: State\n  fields.flag: Flag\n',
  'api/s.yaml': [
    'schemas:',
    '  Thing:',
    '    from: thing',
    '    fields: [id, state]',
    'operations:',
    '  getThing:',
    '    method: get',
    '    path: /things/{id}',
    '    auth: session',
    '    generic: { get: thing, schema: Thing }',
    '    response: Thing',
    operations,
    '',
  ].join('\n'),
});

const OFF = ['  switchOff:', '    method: post', '    path: /things/{id}/off', '    auth: session'].join('\n');

describe('generic actions and deletes', () => {
  it.each([
    {
      given: `${OFF}\n    generic: { action: thing, values: { state: OFF }, audit: DISABLE, when: { state: ON } }\n    response: Thing`,
      want: 'no error',
    },
    {
      given: `${OFF}\n    generic: { action: thing, values: { state: GONE }, audit: DISABLE }\n    response: Thing`,
      want: '"GONE" is not a value of enum "state"',
    },
    {
      given: `${OFF}\n    generic: { action: thing, values: { flag: 1 }, audit: DISABLE }\n    response: Thing`,
      want: 'does not fit boolean field "flag"',
    },
    {
      given: `${OFF}\n    generic: { action: thing, values: { state: OFF }, audit: SHRUG }\n    response: Thing`,
      want: '"SHRUG" is not a value of enum "audit_action"',
    },
    {
      given: `${OFF}\n    generic: { action: thing, values: { state: OFF }, audit: DISABLE, not_self: true }\n    response: Thing`,
      want: 'not_self is for organisations and users',
    },
    {
      given: `${OFF}\n    generic: { action: thing, values: { state: OFF }, audit: DISABLE }\n    response: none`,
      want: 'a generic action answers a schema of entity "thing"',
    },
    {
      given: `${OFF}\n    generic: { action: thing, values: { state: OFF }, audit: DISABLE, cascade: [part.thing] }\n    response: Thing`,
      want: 'cascade and restrict are for deletes',
    },
    {
      given:
        '  dropThing:\n    method: delete\n    path: /things/{id}\n    auth: session\n    generic: { delete: thing, cascade: [part.thing], restrict: { holder.thing: thing_held } }\n    response: none',
      want: 'no error',
    },
    {
      given:
        '  dropThing:\n    method: delete\n    path: /things/{id}\n    auth: session\n    generic: { delete: thing, cascade: [part.nope] }\n    response: none',
      want: '"nope" is not a ref of "part" to "thing"',
    },
    {
      given:
        '  dropThing:\n    method: delete\n    path: /things/{id}\n    auth: session\n    generic: { delete: thing, restrict: { holder.thing: not_in_catalogue } }\n    response: none',
      want: 'unknown problem "not_in_catalogue"',
    },
    {
      given:
        '  dropThing:\n    method: post\n    path: /things/{id}\n    auth: session\n    generic: { delete: thing }\n    response: none',
      want: 'a generic delete is a delete of one {id}',
    },
  ])('$want', ({ given, want }) => {
    expect(modelErrorOf(SPEC(given))).toContain(want);
  });

  it('emits what the server needs: values, audit action, when; cascade and restrict by table; the problems they answer', () => {
    const model = modelOf(
      SPEC(
        `${OFF}\n    generic: { action: thing, values: { state: OFF }, audit: DISABLE, when: { state: ON } }\n    response: Thing\n  dropThing:\n    method: delete\n    path: /things/{id}\n    auth: session\n    generic: { delete: thing, cascade: [part.thing], restrict: { holder.thing: thing_held } }\n    response: none`,
      ),
    );
    const code = emitServerOperations(model);
    expect(code).toMatch(/"action": \{\s+"values": \{\s+"state": "OFF"\s+\},\s+"audit": "DISABLE"\s+\},\s+"when": \{\s+"state": "ON"\s+\}/);
    expect(code).toMatch(/"cascade": \[\s+\{\s+"entity": "part",\s+"via": "thing",\s+"table": "parts",\s+"column": "thing_id"\s+\}\s+\]/);
    expect(code).toMatch(
      /"restrict": \[\s+\{\s+"entity": "holder",\s+"via": "thing",\s+"table": "holders",\s+"column": "thing_id",\s+"problem": "thing_held"\s+\}\s+\]/,
    );
    const drop = model.operations.find((operation) => operation.id === 'dropThing')!;
    expect(drop.problems).toEqual({ 409: ['thing_held'] });
    expect(model.operations.find((operation) => operation.id === 'switchOff')!.problems).toEqual({ 409: ['invalid_state'] });
  });

  it('names the record a write under /…/{id} changes, and whether it answers that record', () => {
    const model = modelOf(SPEC(`${OFF}\n    generic: { action: thing, values: { state: OFF }, audit: DISABLE }\n    response: Thing`));
    const off = model.operations.find((operation) => operation.id === 'switchOff')!;
    expect(writtenRecord(model, off)).toEqual({ get: 'getThing', entity: 'thing', same: true });
    expect(
      writtenRecord(
        model,
        model.operations.find((operation) => operation.id === 'getThing')!,
      ),
    ).toBeUndefined();
    expect(emitServerOperations(model)).toMatch(/record: \{\s+"get": "getThing",\s+"entity": "thing",\s+"same": true\s+\}/);
  });

  it('marks audited entities in the entity map', () => {
    const entities = emitServerEntities(modelOf(SPEC('')));
    expect(entities).toMatch(/"thing": \{\s+"table": "things",\s+"audit": true,/);
    expect(entities).toMatch(/"part": \{\s+"table": "parts",\s+"fields"/);
  });
});
