import { describe, expect, it } from 'vitest';
import { modelOf } from '../testing/fragments';
import { propertySchema } from './jsonSchema';
import { buildOpenApi } from './openapi';
import { emitLocaleCatalogues, emitMessages, emitRegistry } from './runtimeCode';
import { emitServerMessages, emitServerOperations } from './serverCode';

const ref = (name: string) => `#/components/schemas/${name}`;

describe('field → JSON schema', () => {
  it.each([
    { given: '{ type: string, max: 20, required: true }', want: { type: 'string', maxLength: 20, minLength: 1, pattern: '\\S' } },
    { given: '{ type: string, max: 20, nullable: true }', want: { type: ['string', 'null'], maxLength: 20 } },
    {
      given: '{ type: money, nullable: true }',
      want: { type: ['string', 'null'], pattern: '^-?[0-9]{1,15}(\\.[0-9]{1,4})?$', description: 'Exact decimal with up to 4 places' },
    },
    {
      given: '{ type: decimal, scale: 2, min: 0 }',
      want: { type: 'string', pattern: '^[0-9]{1,15}(\\.[0-9]{1,2})?$', description: 'Exact decimal with up to 2 places' },
    },
    {
      given: '{ type: decimal, scale: 4, min: 0, max: 100 }',
      want: {
        type: 'string',
        pattern: '^[0-9]{1,15}(\\.[0-9]{1,4})?$',
        description: 'Exact decimal with up to 4 places',
        'x-decimal-maximum': '100',
      },
    },
    {
      given: '{ type: money, min: 0.5 }',
      want: {
        type: 'string',
        pattern: '^[0-9]{1,15}(\\.[0-9]{1,4})?$',
        description: 'Exact decimal with up to 4 places',
        'x-decimal-minimum': '0.5',
      },
    },
    { given: '{ type: integer, min: 1, max: 9, default: 3 }', want: { type: 'integer', minimum: 1, maximum: 9, default: 3 } },
    { given: '{ type: enum, enum: colour, nullable: true }', want: { type: ['string', 'null'], enum: ['red', 'green', null] } },
    {
      given: '{ type: enum_list, enum: colour }',
      want: { type: 'array', uniqueItems: true, items: { type: 'string', enum: ['red', 'green'] } },
    },
    { given: '{ type: ref, to: thing }', want: { type: 'integer', minimum: 1, maximum: 2147483647 } },
    // Stored in 32-bit columns: 1e308 is refused at the door, not stored wrong.
    { given: '{ type: integer, min: 0 }', want: { type: 'integer', minimum: 0, maximum: 2147483647 } },
    { given: '{ type: integer }', want: { type: 'integer', minimum: -2147483648, maximum: 2147483647 } },
    { given: '{ type: boolean, default: false }', want: { type: 'boolean', default: false } },
  ])('$given', ({ given, want }) => {
    const model = modelOf({
      'enums.yaml': 'enums:\n  colour: [red, green]\n',
      'entities/thing.yaml': `entities:\n  thing:\n    table: things\n    fields:\n      id: { type: id }\n      value: ${given}\n`,
      'api/s.yaml': 'schemas:\n  Thing:\n    input: true\n    from: thing\n    fields: [value]\n',
    });
    const property = model.schemas[0]!.properties[0]!;
    expect(propertySchema(model, property, ref)).toEqual(want);
  });
});

describe('operation → OpenAPI', () => {
  it('documents paging, repeated array parameters, headers and problems', () => {
    const model = modelOf({
      'entities/thing.yaml':
        'entities:\n  thing:\n    table: things\n    fields:\n      id: { type: id }\n      name: { type: string, max: 10, required: true }\n',
      'api/s.yaml': [
        'schemas:',
        '  Thing:',
        '    from: thing',
        '    fields: [id, name]',
        'operations:',
        '  listThings:',
        '    method: get',
        '    path: /things',
        '    auth: session',
        '    paged: { per_page_max: 50, per_page_default: 10 }',
        '    query:',
        '      colour: { array: { type: integer, min: -1 } }',
        '    response: { array: Thing }',
        '    handler: things/handlers#listThings',
        '',
      ].join('\n'),
    });
    const operation = (buildOpenApi(model)['paths'] as Record<string, Record<string, Record<string, unknown>>>)['/things']!['get']!;
    expect(operation['parameters']).toEqual([
      { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 } },
      { name: 'per_page', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 50, default: 10 } },
      {
        name: 'colour',
        in: 'query',
        required: false,
        style: 'form',
        explode: true,
        schema: { type: 'array', items: { type: 'integer', minimum: -1, maximum: 2147483647 } },
      },
    ]);
    const responses = operation['responses'] as Record<string, Record<string, unknown>>;
    // No permission, module or guard, and a GET (no CSRF token asked): it never answers 403.
    expect(Object.keys(responses)).toEqual(['200', '400', '401']);
    expect(Object.keys(responses['200']!['headers'] as object)).toEqual(['x-total-count', 'x-total-pages']);
    expect(responses['400']!['content']).toEqual({ 'application/problem+json': { schema: { $ref: ref('Problem') } } });
  });

  it.each([
    ['permission: thing:view', { 'x-permission': 'thing:view' }],
    ['module: DOVETAIL', { 'x-module': 'DOVETAIL' }],
    ['permission: thing:view\n    module: DOVETAIL', { 'x-permission': 'thing:view', 'x-module': 'DOVETAIL' }],
    ['guard: { any: [{ root: true }, { linked_account: true }] }', { 'x-guard': { any: [{ root: true }, { linked_account: true }] } }],
  ])('marks what a caller needs: %s', (given, want) => {
    const model = modelOf({
      'entities/thing.yaml': 'entities:\n  thing:\n    table: things\n    fields:\n      id: { type: id }\n',
      'permissions.yaml': 'permissions:\n  - { name: "thing:view" }\n',
      'api/s.yaml': `schemas:\n  Thing:\n    from: thing\n    fields: [id]\noperations:\n  getThing:\n    method: get\n    path: /things/{id}\n    auth: session\n    ${given}\n    response: Thing\n    handler: things/handlers#getThing\n    access: { entity: thing }\n`,
    });
    const operation = (buildOpenApi(model)['paths'] as Record<string, Record<string, Record<string, unknown>>>)['/things/{id}']!['get']!;
    expect(Object.fromEntries(Object.entries(operation).filter(([key]) => key.startsWith('x-')))).toEqual(want);
    // An operation with a condition declares the 403 it answers when the caller fails it, saying why.
    const forbidden = (operation['responses'] as Record<string, { description: string }>)['403']!.description;
    expect(forbidden).toMatch(/^Forbidden: the caller lacks .*\(forbidden\)$/);
  });
});

describe('operation guard', () => {
  it('given guard: { root: true }, marks the operation for root users only in the server table', () => {
    const model = modelOf({
      'entities/thing.yaml': 'entities:\n  thing:\n    table: things\n    fields:\n      id: { type: id }\n',
      'api/s.yaml':
        'schemas:\n  Thing:\n    from: thing\n    fields: [id]\noperations:\n  getThing:\n    method: get\n    path: /things/{id}\n    auth: session\n    guard: { root: true }\n    response: Thing\n    handler: things/handlers#getThing\n    access: { entity: thing }\n',
    });
    expect(model.operations[0]!.guard).toEqual({ root: true });
    expect(emitServerOperations(model)).toContain('guard: {"root":true},');
  });
});

describe('routes → runtime registry', () => {
  it('imports each named component lazily so a typo fails type-check', () => {
    const model = modelOf({
      'screens/a.yaml': 'screens:\n  home:\n    component: store/Home#HomePage\n',
      'routes.yaml':
        'routes:\n  - name: home\n    path: /home\n    screen: home\n    guard: { root: true }\n    breadcrumbs:\n      - { label: crumb.home }\n',
    });
    expect(emitRegistry(model)).toContain(
      [
        '  {',
        '    name: "home",',
        '    path: "/home",',
        '    public: false,',
        '    guard: {"root":true},',
        '    breadcrumbs: [{"label":"crumb.home"}],',
        '    screen: "home",',
        "    Component: lazy(() => import('../../screens/store/Home').then((module) => ({ default: module.HomePage }))),",
        '  }',
      ].join('\n'),
    );
  });
});

describe('guards → registry and operation table', () => {
  const feedsGuard = '{ any: [{ root: true }, { permission: "feed:manage", linked_account: true }] }';
  const model = () =>
    modelOf({
      'permissions.yaml': 'permissions:\n  - { name: "feed:manage" }\n',
      'screens/a.yaml': 'screens:\n  home:\n    component: store/Home#HomePage\n',
      'routes.yaml': `routes:\n  - name: home\n    path: /home\n    screen: home\n    guard: ${feedsGuard}\n`,
      'api/a.yaml': `operations:\n  ping:\n    method: get\n    path: /ping\n    auth: session\n    guard: ${feedsGuard}\n    response: none\n    handler: misc/handlers#ping\n`,
    });
  const want = 'guard: {"any":[{"root":true},{"permission":"feed:manage","linked_account":true}]},';

  it.each([
    { name: 'route', emit: emitRegistry },
    { name: 'operation', emit: emitServerOperations },
  ])('$name keeps its any-of guard as data', ({ emit }) => {
    expect(emit(model())).toContain(want);
  });
});

describe('a file answer (response: { file: [...] })', () => {
  const model = () =>
    modelOf({
      'api/s.yaml': [
        'operations:',
        '  downloadReport:',
        '    method: get',
        '    path: /reports/{id}/download',
        '    auth: session',
        '    response: { file: [application/pdf, text/csv] }',
        '    handler: reports/handlers#downloadReport',
        '    access: { entity: organisation }',
        'entities:',
        '  organisation:',
        '    table: organisations',
        '    fields:',
        '      id: { type: id }',
      ].join('\n'),
    });

  it('answers 200 with each content type as binary and a Content-Disposition header', () => {
    const operation = (
      buildOpenApi(model())['paths'] as Record<
        string,
        Record<string, { responses: Record<string, { headers?: object; content?: object }> }>
      >
    )['/reports/{id}/download']!['get']!;
    expect(operation.responses['200']!.content).toEqual({
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
      'text/csv': { schema: { type: 'string', format: 'binary' } },
    });
    expect(operation.responses['200']!.headers).toHaveProperty('Content-Disposition');
  });

  it('marks the operation as a file one for the router, with no ETag', () => {
    const emitted = emitServerOperations(model());
    expect(emitted.replace(/\s+/g, '')).toContain('file:["application/pdf","text/csv"]');
    expect(emitted).not.toContain('etag: true');
  });
});

describe('messages → server catalogue', () => {
  it("keeps the e-mails' texts and order status labels of every locale, nothing else", () => {
    const model = modelOf({
      'messages/en.yaml':
        'messages:\n  mail.hello.subject: "Hello {{name}}"\n  order_status.CREATED: Created\n  list.empty: Nothing here\n',
      'messages/de.yaml':
        'messages:\n  mail.hello.subject: "Hallo {{name}}"\n  order_status.CREATED: Angelegt\n  list.empty: Nichts hier\n',
    });
    const emitted = emitServerMessages(model);
    expect(emitted).toContain('"de": {\n    "mail.hello.subject": "Hallo {{name}}",\n    "order_status.CREATED": "Angelegt"\n  },');
    expect(emitted).toContain('"en": {\n    "mail.hello.subject": "Hello {{name}}",\n    "order_status.CREATED": "Created"\n  }');
    expect(emitted).not.toContain('list.empty');
  });
});

describe('messages → runtime catalogues', () => {
  const model = () =>
    modelOf({
      'messages/en.yaml': 'messages:\n  locale.de: Deutsch\n  locale.en: English\n  list.empty: Nothing here\n',
      'messages/de.yaml': 'messages:\n  locale.de: Deutsch\n  locale.en: English\n  list.empty: Nichts hier\n',
    });

  it('bundles English, names every locale in its own language and loads the others lazily', () => {
    const emitted = emitMessages(model());
    expect(emitted).toContain(
      'export const english = {\n  "locale.de": "Deutsch",\n  "locale.en": "English",\n  "list.empty": "Nothing here"\n} as const;',
    );
    expect(emitted).toContain('export const LOCALES = ["de","en"] as const;');
    expect(emitted).toContain('export const localeNames: Readonly<Record<Locale, string>> = {\n  "de": "Deutsch",\n  "en": "English"\n};');
    expect(emitted).toContain("  de: () => import('./messages/de').then((module) => module.catalogue),\n};");
    expect(emitted).not.toContain('Nichts hier');
  });

  it('writes each other locale as its own chunk, typed complete against English', () => {
    expect(emitLocaleCatalogues(model())).toEqual([
      [
        'runtime/generated/messages/de.ts',
        expect.stringContaining(
          'import type { Catalogue } from \'../messages\';\n\nexport const catalogue: Catalogue = {\n  "locale.de": "Deutsch",\n  "locale.en": "English",\n  "list.empty": "Nichts hier"\n};\n',
        ),
      ],
    ]);
  });
});
