import type { GenericOperation, Model, Operation, TypeRef } from '../model/types';
import { GENERATED_HEADER, literal } from './header';
import { objectSchema, shapeSchema, type JsonSchema } from './jsonSchema';
import { queryParameters } from './openapi';

const serverRef = (name: string) => `api#/definitions/${name}`;

export function pascal(id: string): string {
  return id.charAt(0).toUpperCase() + id.slice(1);
}

function handlerAlias(module: string): string {
  return module.replace(/\//g, '_');
}

function querySchema(model: Model, operation: Operation): JsonSchema {
  return objectSchema(model, queryParameters(model, operation), serverRef, false);
}

/** What the server's generic list/get needs: fields, expansions via refs, sorts, filters, scope. */
function genericMeta(model: Model, generic: GenericOperation, response: Operation['response']) {
  // A create or update answers its record as a get would: the response schema is what is read back.
  const writes = generic.kind === 'create' || generic.kind === 'update';
  const shown = writes && response !== 'none' && response.kind === 'schema' ? response.name : generic.schema;
  // A delete answers nothing: no schema to read back.
  const schema = model.schemas.find((candidate) => candidate.name === shown) ?? { name: '', properties: [] };
  const entity = model.entities.find((candidate) => candidate.name === generic.entity)!;
  const expand = schema.properties.flatMap((property) => {
    if (!property.via || property.type.kind !== 'schema') return [];
    const target = model.schemas.find((candidate) => candidate.name === (property.type as { name: string }).name)!;
    const via = entity.fields.find((field) => field.name === property.via)!;
    return [{ property: property.name, via: property.via, entity: via.to!, fields: target.properties.map((p) => p.name) }];
  });
  // Arrays of child rows, each filled by one query whatever the number of rows (audit field changes).
  const nested = schema.properties.flatMap((property) => {
    if (!property.via || property.type.kind !== 'array' || property.type.items.kind !== 'schema') return [];
    const target = model.schemas.find((candidate) => candidate.name === (property.type as { items: { name: string } }).items.name)!;
    return [{ property: property.name, via: property.via, entity: target.entity!, fields: target.properties.map((p) => p.name) }];
  });
  // Child-row counts are computed in the row query itself (a correlated subquery), not per row.
  const counts = schema.properties.flatMap((property) => {
    if (!property.count) return [];
    const child = model.entities.find((candidate) => candidate.name === property.count!.entity)!;
    const via = child.fields.find((field) => field.name === property.count!.via)!;
    return [{ property: property.name, table: child.table, column: via.column }];
  });
  // The newest child row of each row, filled by one query whatever the number of rows (a feed's last run).
  const latest = schema.properties.flatMap((property) => {
    if (!property.latest || property.type.kind !== 'schema') return [];
    const target = model.schemas.find((candidate) => candidate.name === (property.type as { name: string }).name)!;
    return [
      {
        property: property.name,
        entity: target.entity!,
        via: property.latest.via,
        by: property.latest.by,
        fields: target.properties.map((p) => p.name),
      },
    ];
  });
  // Whether a field holds a value, computed in the row query (a private field's value never leaves it).
  const present = schema.properties.flatMap((property) => {
    if (!property.hasValue) return [];
    const column = entity.fields.find((field) => field.name === property.hasValue)!.column;
    return [{ property: property.name, column }];
  });
  const computed = new Set([...expand, ...nested, ...counts, ...latest, ...present].map((item) => item.property));
  return {
    kind: generic.kind,
    entity: generic.entity,
    fields: schema.properties.filter((property) => !computed.has(property.name)).map((property) => property.name),
    expand,
    ...(nested.length > 0 && { nested }),
    ...(counts.length > 0 && { counts }),
    ...(latest.length > 0 && { latest }),
    ...(present.length > 0 && { present }),
    sort: generic.sort,
    // A `has` filter tests for child rows by their table and the column pointing back at the row.
    filters: generic.filters.map((filter) => {
      if (!filter.has) return filter;
      const child = model.entities.find((candidate) => candidate.name === filter.has!.entity)!;
      const via = child.fields.find((field) => field.name === filter.has!.via)!;
      return { param: filter.param, match: filter.match, fields: filter.fields, has: { table: child.table, column: via.column } };
    }),
    ...(generic.scope && { scope: generic.scope }),
    ...(generic.children && { children: { ...generic.children, defaultSort: generic.defaultSort } }),
    ...(writes && { write: writeMeta(model, generic) }),
    ...(generic.kind === 'action' && { action: { values: generic.values!, audit: generic.audit! } }),
    ...(generic.kind === 'delete' && { remove: removeMeta(model, generic) }),
    ...(generic.when && { when: generic.when }),
    ...(generic.notSelf && { notSelf: true }),
  };
}

/** What a delete removes with the record, and the child rows that forbid it, by table and column. */
function removeMeta(model: Model, generic: GenericOperation) {
  const place = (child: { entity: string; via: string }) => {
    const entity = model.entities.find((candidate) => candidate.name === child.entity)!;
    return {
      entity: entity.name,
      via: child.via,
      table: entity.table,
      column: entity.fields.find((field) => field.name === child.via)!.column,
    };
  };
  return {
    cascade: (generic.cascade ?? []).map(place),
    restrict: (generic.restrict ?? []).map((rule) => ({ ...place(rule), problem: rule.problem })),
  };
}

/**
 * What a create or update writes: its input schema's fields, `requires` and `lookup`.
 * Uniqueness is the database's (an index, on the lowered value for text), answered as a 409.
 */
function writeMeta(model: Model, generic: GenericOperation) {
  const input = model.schemas.find((candidate) => candidate.name === generic.schema)!;
  const fields = input.properties.map((property) => property.name);
  return { fields, requires: generic.requires ?? {}, ...(generic.lookup && { lookup: generic.lookup }) };
}

/** A get of one record by {id}: its ETag is the hash of what it answers. */
function isRecordGet(operation: Operation): boolean {
  return (
    operation.method === 'get' &&
    !operation.paged &&
    operation.pathParams.length === 1 &&
    operation.response !== 'none' &&
    operation.response.kind === 'schema'
  );
}

/**
 * The record a write under /…/{id} changes: the get whose path is the write's own or its start
 * (POST /feeds/{id}/enable changes what GET /feeds/{id} shows), with the entity whose row the
 * router locks and whose representation If-Match compares. `same` when the write answers the
 * record as that get does, so its answer carries the new ETag.
 */
export function writtenRecord(model: Model, operation: Operation): { get: string; entity: string; same: boolean } | undefined {
  if (operation.method === 'get' || operation.pathParams.length === 0) return undefined;
  const gets = model.operations.filter(
    (candidate) => isRecordGet(candidate) && (operation.path === candidate.path || operation.path.startsWith(`${candidate.path}/`)),
  );
  const get = gets.sort((a, b) => b.path.length - a.path.length)[0];
  if (!get || get.response === 'none' || get.response.kind !== 'schema') return undefined;
  const schemaName = get.response.name;
  const entity = get.generic?.entity ?? model.schemas.find((schema) => schema.name === schemaName)?.entity;
  if (!entity) return undefined;
  // A create under a record (a role's duplicate) answers another record: no ETag of this one.
  const same =
    operation.status !== 201 &&
    operation.response !== 'none' &&
    operation.response.kind === 'schema' &&
    operation.response.name === schemaName;
  return { get: get.id, entity, same };
}

function operationEntry(model: Model, operation: Operation): string {
  const record = writtenRecord(model, operation);
  const fields = [
    `id: ${literal(operation.id)}`,
    `method: ${literal(operation.method)}`,
    `path: ${literal(operation.path.replace(/\{([a-z_]+)\}/g, ':$1'))}`,
    `auth: ${literal(operation.auth)}`,
    ...(operation.permission ? [`permission: ${literal(operation.permission)}`] : []),
    ...(operation.module ? [`module: ${literal(operation.module)}`] : []),
    ...(operation.guard ? [`guard: ${JSON.stringify(operation.guard)}`] : []),
    `status: ${operation.status}`,
    ...(operation.file ? [`file: ${literal(operation.file)}`] : []),
    ...(operation.paged ? [`paged: true`] : []),
    `paramsSchema: ${literal(objectSchema(model, operation.pathParams, serverRef, false))}`,
    `querySchema: ${literal(querySchema(model, operation))}`,
    ...(operation.body ? [`bodySchema: ${literal({ $ref: serverRef(operation.body) })}`] : []),
    ...(operation.files ? [`files: ${literal(operation.files.map(({ name, maxBytes }) => ({ name, maxBytes })))}`] : []),
    ...(operation.handler
      ? [`handler: ${handlerAlias(operation.handler.module)}.${operation.handler.exportName} satisfies Handler<${literal(operation.id)}>`]
      : []),
    ...(operation.generic ? [`generic: ${literal(genericMeta(model, operation.generic, operation.response))}`] : []),
    ...(record ? [`record: ${literal(record)}`] : []),
    ...(isRecordGet(operation) ? [`etag: true`] : []),
    ...(operation.access ? [`access: ${literal(operation.access)}`] : []),
  ];
  return `  {\n${fields.map((line) => `    ${line.replace(/\n/g, '\n    ')},`).join('\n')}\n  }`;
}

/** server/generated/operations.ts: every operation with its validators and handler. */
export function emitServerOperations(model: Model): string {
  const modules = [...new Set(model.operations.flatMap((operation) => (operation.handler ? [operation.handler.module] : [])))].sort();
  return [
    GENERATED_HEADER,
    `import type { Handler, OperationDef } from '../http/operationDef';`,
    ...modules.map((module) => `import * as ${handlerAlias(module)} from '../modules/${module}';`),
    '',
    `export const operations: OperationDef[] = [`,
    model.operations.map((operation) => operationEntry(model, operation)).join(',\n'),
    `];`,
    '',
  ].join('\n');
}

/** server/generated/apiSchemas.ts: the API's shapes for the request validators (strict objects). */
export function emitServerSchemas(model: Model): string {
  const definitions = Object.fromEntries(model.schemas.map((schema) => [schema.name, shapeSchema(model, schema, serverRef, true)]));
  return [GENERATED_HEADER, `export const apiSchemas = ${literal({ $id: 'api', definitions })};`, ''].join('\n');
}

/** server/generated/entities.ts: how each entity's fields map to columns, for codecs and generic lists. */
export function emitServerEntities(model: Model): string {
  const entities = Object.fromEntries(
    model.entities.map((entity) => [
      entity.name,
      {
        table: entity.table,
        ...(entity.audit && { audit: true }),
        ...(entity.outsideForbidden && { outsideForbidden: true }),
        ...(entity.dataVersion !== undefined && { dataVersion: entity.dataVersion }),
        fields: Object.fromEntries(
          entity.fields.map((field) => [
            field.name,
            {
              column: field.column,
              type: field.type,
              ...(field.scale !== undefined && { scale: field.scale }),
              ...(field.to !== undefined && { to: field.to }),
              ...(field.private && { private: true }),
            },
          ]),
        ),
      },
    ]),
  );
  return [
    GENERATED_HEADER,
    `import type { EntityMeta } from '../db/entityMeta';`,
    '',
    `export const entities = ${literal(entities)} as const satisfies Record<string, EntityMeta>;`,
    '',
    `export type EntityName = keyof typeof entities;`,
    '',
  ].join('\n');
}

/**
 * Messages the server itself writes (the orders CSV: the list's column labels,
 * server/modules/orders/ordersExport.ts) and the enum labels they use, in every locale; the
 * e-mails' own keys (every `t` key and enum label their templates use) join them.
 */
const SERVER_MESSAGE_PREFIXES = ['mail.', 'order_status.', 'order_type.', 'orders.'];

/** server/generated/serverMessages.ts: the catalogue's e-mail and export texts per locale (the SPA has the rest). */
export function emitServerMessages(model: Model): string {
  const emailKeys = new Set(model.emails.messageKeys);
  const serverKey = (key: string) => emailKeys.has(key) || SERVER_MESSAGE_PREFIXES.some((prefix) => key.startsWith(prefix));
  const locales = Object.fromEntries(
    Object.entries(model.messages)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([locale, messages]) => [
        locale,
        Object.fromEntries(
          Object.entries(messages)
            .filter(([key]) => serverKey(key))
            .sort(([a], [b]) => a.localeCompare(b)),
        ),
      ]),
  );
  return [
    GENERATED_HEADER,
    `export const serverMessages = ${literal(locales)} as const;`,
    '',
    `export type ServerMessageKey = keyof typeof serverMessages.en;`,
    '',
  ].join('\n');
}

/** server/generated/problems.ts: English titles for the API's problem codes. */
export function emitServerProblems(model: Model): string {
  const english = model.messages['en'] ?? {};
  const problems = Object.fromEntries(
    Object.entries(english)
      .filter(([key]) => key.startsWith('problem.'))
      .map(([key, text]) => [key.slice('problem.'.length), text]),
  );
  return [
    GENERATED_HEADER,
    `export const problemTitles = ${literal(problems)} as const;`,
    '',
    `export type ProblemCode = keyof typeof problemTitles;`,
    '',
  ].join('\n');
}

function typeText(ref: TypeRef): string {
  switch (ref.kind) {
    case 'schema':
      return ref.name;
    case 'array':
      return `${typeText(ref.items)}[]`;
    case 'scalar':
      return ref.scalar.type === 'integer' || ref.scalar.type === 'id' ? 'number' : ref.scalar.type === 'boolean' ? 'boolean' : 'string';
  }
}

/** The operation type table in server/generated/types.ts, after the compiled interfaces. */
export function operationTypeTable(model: Model): string {
  const rows = model.operations.map((operation) => {
    const params = `{ ${operation.pathParams.map((param) => `${param.name}: ${typeText(param.type)}`).join('; ')} }`;
    const response = operation.file
      ? `{ content: Buffer | string | NodeJS.ReadableStream; fileName: string; contentType: ${operation.file.map((type) => literal(type)).join(' | ')}; cacheControl?: string }`
      : operation.response === 'none'
        ? 'void'
        : typeText(operation.response);
    const files = operation.files ? `{ ${operation.files.map((part) => `${part.name}?: UploadedFile`).join('; ')} }` : 'undefined';
    return `  ${operation.id}: { params: ${params}; query: ${pascal(operation.id)}Query; body: ${operation.body ?? 'undefined'}; files: ${files}; response: ${response}; paged: ${operation.paged ? 'true' : 'false'} };`;
  });
  return [
    `/** A file part of a multipart request (spec \`files\`), its type read from its bytes (server/http/uploads.ts). */`,
    `export interface UploadedFile { bytes: Buffer; contentType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp'; fileName: string }`,
    '',
    `export interface OperationTypes {`,
    ...rows,
    `}`,
    '',
  ].join('\n');
}

/**
 * server/generated/listScreens.ts: each list screen of the spec with the ids of its grid's columns
 * (the fields, and `$actions` where rows have actions), so the server keeps a user's column layout
 * only of a screen that exists and only of its own columns (issue 19).
 */
export function emitServerListScreens(model: Model): string {
  const screens = Object.fromEntries(
    model.screens.flatMap((screen) =>
      screen.kind === 'list'
        ? [[screen.name, [...screen.columns.map((column) => column.field), ...(screen.actions.length > 0 ? ['$actions'] : [])]]]
        : [],
    ),
  );
  return [GENERATED_HEADER, `export const listScreenColumns: Readonly<Record<string, readonly string[]>> = ${literal(screens)};`, ''].join(
    '\n',
  );
}
