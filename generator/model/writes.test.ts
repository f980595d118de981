import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '../emit/openapi';
import { emitServerOperations } from '../emit/serverCode';
import { modelErrorOf, modelOf } from '../testing/fragments';
import { ENTITIES, SCHEMAS, operations, files } from '../testing/writeFixtures';

// Generic create and update operations (`generic: { create | update, schema, requires }`), write-only
// fields and problem codes; the form screens saving through them are in formWrites.test.ts.

describe('generic create and update', () => {
  it('take the input schema as body, leave defaulted fields optional and emit what the server writes', () => {
    const model = modelOf(files(operations()));
    const create = model.operations.find((operation) => operation.id === 'createThing')!;
    expect(create.body).toBe('ThingInput');
    expect(create.generic).toMatchObject({ kind: 'create', entity: 'thing', requires: { sub_kind: 'kind' } });
    const input = model.schemas.find((schema) => schema.name === 'ThingInput')!;
    expect(input.properties.filter((property) => property.required).map((property) => property.name)).toEqual(['name']);
    const code = emitServerOperations(model);
    // The answer is read back through the response schema; the write names the input fields.
    expect(code).toMatch(/"kind": "create",\s+"entity": "thing",\s+"fields": \[\s+"id",\s+"name",\s+"kind",\s+"sub_kind",\s+"state"\s+\]/);
    expect(code).toMatch(
      /"write": \{\s+"fields": \[\s+"name",\s+"kind",\s+"sub_kind",\s+"state"\s+\],\s+"requires": \{\s+"sub_kind": "kind"\s+\}/,
    );
    expect(code).toMatch(/"kind": "update",[\s\S]*"requires": \{\}/);
    const openapi = buildOpenApi(model) as unknown as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(openapi.paths['/things']!['post']!.requestBody).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ThingInput' } } },
    });
    expect(openapi.paths['/things/{id}']!['put']!.requestBody).toBeDefined();
    expect(Object.keys((openapi.paths['/things']!['post'] as unknown as { responses: object }).responses)).toContain('409');
  });

  it('keep a scoped record in scope', () => {
    const create = '    generic: { create: thing, schema: ThingInput, scope: { tree: owner } }';
    const code = emitServerOperations(modelOf(files(operations(create))));
    expect(code).toMatch(/"scope": \{\s+"kind": "tree",\s+"field": "owner"\s+\}/);
  });

  it('emit the fields whose value must name another entity’s row', () => {
    const create = '    generic: { create: thing, schema: ThingInput, lookup: { kind: other.code } }';
    const code = emitServerOperations(modelOf(files(operations(create))));
    expect(code).toMatch(/"lookup": \{\s+"kind": \{\s+"entity": "other",\s+"field": "code"\s+\}\s+\}/);
    expect(emitServerOperations(modelOf(files(operations())))).not.toContain('"lookup"');
    const responses = (model: ReturnType<typeof modelOf>) =>
      Object.keys(
        (buildOpenApi(model) as unknown as { paths: Record<string, Record<string, { responses: object }>> }).paths['/things']!['post']!
          .responses,
      );
    expect(responses(modelOf(files(operations(create))))).toContain('422');
    expect(responses(modelOf(files(operations())))).not.toContain('422');
  });

  it.each([
    [
      'a create that is no post',
      operations(undefined, '    method: put\n    path: /things\n    response: Thing'),
      'a generic create is a post without path parameters',
    ],
    [
      'a body other than the schema',
      operations('    body: Thing\n    generic: { create: thing, schema: ThingInput }'),
      'the body of a generic create is its schema "ThingInput"',
    ],
    [
      'a response of another entity',
      operations(undefined, '    method: post\n    path: /things\n    response: Other'),
      'a generic create answers a schema of entity "thing"',
    ],
    [
      'a schema of another entity',
      operations('    generic: { create: thing, schema: Other }'),
      'schema "Other" must be from entity "thing"',
    ],
    [
      'requires naming no field',
      operations('    generic: { create: thing, schema: ThingInput, requires: { sub_kind: nope } }'),
      'entity "thing" has no field "nope"',
    ],
    [
      'a scope of no organisation ref',
      operations('    generic: { create: thing, schema: ThingInput, scope: { tree: kind } }'),
      'a tree scope names a ref to organisation, or self',
    ],
    [
      'lookup on a list',
      operations(undefined, '    method: post\n    path: /things\n    status: 201\n    response: Thing').replace(
        'generic: { create: thing, schema: ThingInput, requires: { sub_kind: kind } }',
        'generic: { list: thing, schema: Thing, sort: [name], default_sort: "+name", lookup: { kind: other.code } }',
      ),
      'requires and lookup are for create and update',
    ],
    // The vocabulary review (docs/spec-design.md) removed `set`: nothing in spec/ used it.
    ['set, no longer a key', operations('    generic: { create: thing, schema: ThingInput, set: { made_at: now } }'), 'unknown key "set"'],
    [
      'lookup on a get',
      operations().replace(
        'generic: { update: thing, schema: ThingInput }',
        'generic: { get: thing, schema: Thing, lookup: { kind: other.code } }',
      ),
      'requires and lookup are for create and update',
    ],
    [
      'lookup of a field the body does not send',
      operations('    generic: { create: thing, schema: ThingInput, lookup: { made_by: other.code } }'),
      '"made_by" is not in the body schema "ThingInput"',
    ],
    [
      'lookup in an unknown entity',
      operations('    generic: { create: thing, schema: ThingInput, lookup: { kind: nothing.code } }'),
      'unknown entity "nothing"',
    ],
    [
      'lookup by a field that is not unique',
      operations('    generic: { create: thing, schema: ThingInput, lookup: { kind: other.label } }'),
      '"other.label" is not a unique text field',
    ],
    [
      'lookup by a field that is not text',
      operations('    generic: { create: thing, schema: ThingInput, lookup: { kind: other.rank } }'),
      '"other.rank" is not a unique text field',
    ],
    [
      'lookup of a field that is not text',
      operations('    generic: { create: thing, schema: ThingInput, lookup: { state: other.code } }'),
      '"state" is not text and cannot name a row',
    ],
    [
      'lookup without an entity and field',
      operations('    generic: { create: thing, schema: ThingInput, lookup: { kind: other } }'),
      'lookup',
    ],
  ])('refuse %s', (_name, ops, message) => {
    expect(modelErrorOf(files(ops))).toContain(message);
  });
});

describe('write-only fields', () => {
  const secretInput = '  SecretInput: { input: true, from: thing, fields: [name, secret] }\n';
  const withSecret = (ops: string) => ({ 'entities/a.yaml': ENTITIES, 'api/a.yaml': `${SCHEMAS}${secretInput}${ops}` });
  const make = (response: string) =>
    `operations:\n  makeThing:\n    method: post\n    path: /things\n    auth: session\n    status: 201\n    body: SecretInput\n    handler: things#make\n    response: ${response}\n`;

  it('travel in an input schema (a feed password), never in an answer', () => {
    const model = modelOf(withSecret(make('Thing')));
    expect(model.schemas.find((schema) => schema.name === 'SecretInput')!.properties.map((property) => property.name)).toEqual([
      'name',
      'secret',
    ]);
    expect(modelErrorOf(withSecret(make('SecretInput')))).toContain(
      'operations.makeThing.response: "SecretInput" carries a private field and cannot be an answer',
    );
    expect(modelErrorOf(withSecret(make('{ array: SecretInput }')))).toContain(
      '"SecretInput" carries a private field and cannot be an answer',
    );
    const exposed = withSecret(make('Thing'));
    exposed['api/a.yaml'] = exposed['api/a.yaml']!.replace('fields: [id, name, kind, sub_kind, state] }', 'fields: [id, name, secret] }');
    expect(modelErrorOf(exposed)).toContain('field "secret" is private and cannot travel over the API');
  });
});

describe('problem codes of an operation', () => {
  const given = (problems: string) => ({
    'entities/a.yaml': ENTITIES,
    'api/a.yaml': `${SCHEMAS}operations:\n  makeThing:\n    method: post\n    path: /things\n    auth: session\n    status: 201\n    body: ThingInput\n    handler: things#make\n    response: Thing\n${problems}`,
    'messages/en.yaml': 'messages:\n  problem.forbidden: Forbidden\n  problem.outside_scope: Outside\n  problem.thing_full: Full\n',
  });

  it('document them in the OpenAPI responses, beside the usual meaning of a status', () => {
    const openapi = buildOpenApi(
      modelOf(
        given(
          '    problems: { 403: [forbidden], 409: [thing_full], 422: [outside_scope, thing_full] }\n    gate_when: { when: "a full thing", guard: { admin: true } }\n',
        ),
      ),
    ) as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
    };
    const responses = openapi.paths['/things']!['post']!.responses;
    expect(responses['403']!.description).toBe(
      'Forbidden: the caller lacks an organisation admin for a full thing (forbidden); or the call has no CSRF token or comes from another site (csrf); also forbidden',
    );
    expect(responses['403']).toMatchObject({ 'x-problem-codes': ['forbidden'] });
    expect(responses['409']!.description).toBe('Problem codes: thing_full');
    expect(responses['422']!.description).toBe('Problem codes: outside_scope, thing_full');
  });

  it.each([
    [
      'a code of no catalogue message',
      '    problems: { 422: [nope] }\n',
      'operations.makeThing.problems.422.0: unknown problem "nope" (no message problem.nope)',
    ],
    [
      'a 403 forbidden of no declared gate (issue 22)',
      '    problems: { 403: [forbidden] }\n',
      'operations.makeThing.problems.403: a handler answering 403 forbidden declares the gate it applies',
    ],
    ['a status that is no client error', '    problems: { 500: [thing_full] }\n', 'operations.makeThing.problems'],
  ])('refuse %s', (_name, problems, message) => {
    expect(modelErrorOf(given(problems))).toContain(message);
  });
});
