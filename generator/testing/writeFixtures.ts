// The spec the generic-write tests share (generator/model/writes.test.ts, formWrites.test.ts): a
// thing entity, its schemas, and its generic create, update and get.
export const ENTITIES = [
  'enums:',
  '  state: [DRAFT, LIVE]',
  'entities:',
  '  thing:',
  '    table: things',
  '    fields:',
  '      id: { type: id }',
  '      name: { type: string, max: 45, required: true, unique: true }',
  '      kind: { type: string, max: 10, nullable: true }',
  '      sub_kind: { type: string, max: 10, nullable: true }',
  '      state: { type: enum, enum: state, default: DRAFT }',
  '      owner: { type: ref, to: organisation, nullable: true }',
  '      made_by: { type: ref, to: user, nullable: true }',
  '      made_at: { type: timestamp, nullable: true }',
  '      secret: { type: string, max: 20, nullable: true, private: true }',
  '  other:',
  '    table: others',
  '    fields:',
  '      id: { type: id }',
  '      code: { type: string, max: 10, required: true, unique: true }',
  '      label: { type: string, max: 10, nullable: true }',
  '      rank: { type: integer, nullable: true, unique: true }',
  '  organisation:',
  '    table: organisations',
  '    fields:',
  '      id: { type: id }',
  '      name: { type: string, max: 45, required: true }',
  '  user:',
  '    table: users',
  '    fields:',
  '      id: { type: id }',
  '',
].join('\n');

export const SCHEMAS = [
  'schemas:',
  '  Thing: { from: thing, fields: [id, name, kind, sub_kind, state] }',
  '  ThingInput: { input: true, from: thing, fields: [name, kind, sub_kind, state] }',
  '  Other: { from: other, fields: [id] }',
  '',
].join('\n');

export const operations = (
  create = '    generic: { create: thing, schema: ThingInput, requires: { sub_kind: kind } }',
  createExtra = '    method: post\n    path: /things\n    status: 201\n    response: Thing',
) =>
  [
    'operations:',
    '  createThing:',
    createExtra,
    '    auth: session',
    '    guard: { root: true, admin: true }',
    create,
    '  updateThing:',
    '    method: put',
    '    path: /things/{id}',
    '    auth: session',
    '    generic: { update: thing, schema: ThingInput }',
    '    response: Thing',
    '',
  ].join('\n');

export const files = (ops: string) => ({ 'entities/a.yaml': ENTITIES, 'api/a.yaml': `${SCHEMAS}${ops}` });
