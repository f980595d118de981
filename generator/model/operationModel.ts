// Operations of the spec: their parameters, bodies, answers and the generic list/get/write each may be, checked against the entities; no answer carries a write-only schema.
import type { SpecFile } from '../load/readSpec';
import { enumValues } from '../emit/jsonSchema';
import { checkRecordWrite, recordWriteOptions } from './recordWrites';
import type { Entity, GenericFilter, GenericOperation, GateWhen, Guard, Model, Operation, Property, TypeRef } from './types';
import { collect, fail, type Located, type Raw, type TypeContext } from './specContext';
import { writeLookups } from './writeOptions';
import { propertyOf, typeRefOf } from './entityModel';

export function buildOperations(files: SpecFile[], ctx: TypeContext, entities: Entity[]): Operation[] {
  const parameterSets = collect(files, 'parameters');
  const seenPaths = new Set<string>();
  const built = [...collect(files, 'operations').entries()].map(([id, at]) => {
    const raw = at.value;
    const key = `${raw.method} ${raw.path}`;
    if (seenPaths.has(key)) fail(at, `${key} is defined twice`, ['path']);
    seenPaths.add(key);
    const query: Property[] = [];
    for (const [name, paramRaw] of Object.entries((raw.query ?? {}) as Record<string, Raw>)) {
      if (name === '$ref') {
        const set = parameterSets.get(paramRaw);
        if (!set) fail(at, `unknown parameter set "${String(paramRaw)}"`, ['query', '$ref']);
        for (const [setName, setRaw] of Object.entries(set.value as Record<string, Raw>)) {
          query.push(propertyOf(setName, setRaw, { ...set, path: [...set.path, setName] }, ctx));
        }
      } else {
        query.push(propertyOf(name, paramRaw, { ...at, path: [...at.path, 'query', name] }, ctx));
      }
    }
    const declared = (raw.params ?? {}) as Record<string, Raw>;
    const pathParams = [...(raw.path as string).matchAll(/\{([a-z_]+)\}/g)].map((match): Property => {
      const name = match[1]!;
      if (declared[name] === undefined)
        return { name, type: { kind: 'scalar', scalar: { type: 'integer', min: 1 } }, required: true, nullable: false };
      if (name === 'id') fail(at, '{id} is a record id: it cannot be declared', ['params', name]);
      return { ...propertyOf(name, declared[name], { ...at, path: [...at.path, 'params', name] }, ctx), required: true, nullable: false };
    });
    for (const name of Object.keys(declared)) {
      if (!pathParams.some((param) => param.name === name)) fail(at, `"${name}" is not a parameter of the path`, ['params', name]);
    }
    if (raw.body !== undefined && !ctx.schemaNames.has(raw.body)) fail(at, `unknown schema "${raw.body}"`, ['body']);
    const fileTypes =
      typeof raw.response === 'object' && raw.response !== null && 'file' in raw.response ? (raw.response.file as string[]) : undefined;
    const response: TypeRef | 'none' =
      raw.response === 'none' || fileTypes
        ? 'none'
        : typeRefOf(
            typeof raw.response === 'string' ? { schema: raw.response } : raw.response,
            { ...at, path: [...at.path, 'response'] },
            ctx,
          );
    const operation: Operation = {
      id,
      method: raw.method,
      path: raw.path,
      auth: raw.auth,
      pathParams,
      query,
      response,
      status: raw.status ?? (response === 'none' && !fileTypes ? 204 : 200),
    };
    if (fileTypes) operation.file = fileTypes;
    if (raw.files !== undefined) {
      if (raw.body === undefined || (raw.method !== 'post' && raw.method !== 'put'))
        fail(at, 'files come with a body, in a POST or PUT', ['files']);
      if (Object.keys(raw.files as object).includes('jsonBody')) fail(at, '"jsonBody" is the part carrying the body', ['files']);
      operation.files = Object.entries(raw.files as Record<string, Raw>).map(([name, part]) => ({
        name,
        maxBytes: part.max_bytes as number,
        ...(part.description !== undefined && { description: part.description as string }),
      }));
    }
    if (raw.summary !== undefined) operation.summary = raw.summary;
    if (raw.permission !== undefined) operation.permission = raw.permission;
    if (raw.module !== undefined) operation.module = raw.module;
    if (raw.guard !== undefined) operation.guard = raw.guard as Guard;
    if (raw.body !== undefined) operation.body = raw.body;
    if (raw.problems !== undefined) operation.problems = raw.problems;
    if (raw.gate_when !== undefined) operation.gateWhen = raw.gate_when as GateWhen;
    if (raw.paged) operation.paged = { perPageMax: raw.paged.per_page_max, perPageDefault: raw.paged.per_page_default };
    if (raw.handler !== undefined) {
      const [module = '', exportName = ''] = (raw.handler as string).split('#');
      operation.handler = { module, exportName };
    }
    if (raw.generic !== undefined) operation.generic = buildGeneric(raw.generic, { ...at, path: [...at.path, 'generic'] }, entities, ctx);
    if (!operation.handler === !operation.generic) fail(at, 'an operation needs exactly one of handler and generic');
    if (operation.generic?.kind === 'list' && !operation.paged) fail(at, 'a generic list needs paged', ['generic']);
    if (operation.generic?.kind === 'get' && operation.pathParams.length !== 1)
      fail(at, 'a generic get needs one {id} in its path', ['path']);
    if (operation.generic?.kind === 'create' || operation.generic?.kind === 'update') checkWrite(operation, at, ctx);
    if (operation.generic?.kind === 'action' || operation.generic?.kind === 'delete') checkRecordWrite(operation, at, ctx);
    return { operation, at };
  });
  for (const { operation, at } of built)
    if (operation.generic?.children)
      checkChildren(
        operation,
        at,
        built.map((entry) => entry.operation),
        ctx,
        entities,
      );
  return built.map((entry) => entry.operation);
}

/**
 * A generic create is a POST, an update a PUT of one {id}; the body is the input schema and the
 * answer the written record, a schema of the same entity (read back as a get would).
 */
function checkWrite(operation: Operation, at: Located<Raw>, ctx: TypeContext): void {
  const generic = operation.generic!;
  if (generic.kind === 'create' && (operation.method !== 'post' || operation.pathParams.length !== 0))
    fail(at, 'a generic create is a post without path parameters', ['method']);
  if (generic.kind === 'update' && (operation.method !== 'put' || operation.pathParams.length !== 1))
    fail(at, 'a generic update is a put of one {id}', ['method']);
  if (operation.body !== undefined && operation.body !== generic.schema)
    fail(at, `the body of a generic ${generic.kind} is its schema "${generic.schema}"`, ['body']);
  operation.body = generic.schema;
  if (
    operation.response === 'none' ||
    operation.response.kind !== 'schema' ||
    ctx.schemaEntities.get(operation.response.name) !== generic.entity
  ) {
    fail(at, `a generic ${generic.kind} answers a schema of entity "${generic.entity}"`, ['response']);
  }
}

/** The record a child list belongs to, its parent, decides who sees it: path, permission and entity must agree. */
function checkChildren(operation: Operation, at: Located<Raw>, operations: Operation[], ctx: TypeContext, entities: Entity[]): void {
  const children = operation.generic!.children!;
  const parent = operations.find((candidate) => candidate.id === children.of);
  if (
    !parent ||
    parent.method !== 'get' ||
    parent.pathParams.length !== 1 ||
    parent.response === 'none' ||
    parent.response.kind !== 'schema'
  ) {
    fail(at, `"${children.of}" is not a get-by-id operation answering a schema`, ['generic', 'of']);
  }
  if (operation.method !== 'get' || !operation.path.startsWith(`${parent.path}/`) || operation.pathParams.length !== 1) {
    fail(at, `a child list is a get under its parent's path ${parent.path}/`, ['path']);
  }
  if (operation.response === 'none' || operation.response.kind !== 'array') fail(at, 'a child list answers an array', ['response']);
  if (operation.permission !== undefined && operation.permission !== parent.permission) {
    fail(at, `a child list needs its parent's permission (${parent.permission ?? 'none'})`, ['permission']);
  }
  if (parent.permission !== undefined) operation.permission = parent.permission;
  // Its module and guard too, so the contract and docs/authorization.md declare the refusal its
  // parent's get would answer (issue 22: product group and feed child lists declared no gate).
  if (operation.module !== undefined && operation.module !== parent.module)
    fail(at, `a child list needs its parent's module (${parent.module ?? 'none'})`, ['module']);
  if (parent.module !== undefined) operation.module = parent.module;
  // A guard of its own narrows the parent's (every condition of both holds).
  if (parent.guard !== undefined) {
    const own = (operation.guard ?? {}) as Record<string, unknown>;
    for (const [name, value] of Object.entries(parent.guard)) {
      if (name in own && JSON.stringify(own[name]) !== JSON.stringify(value))
        fail(at, `a child list's guard cannot change its parent's ${name}`, ['guard']);
    }
    operation.guard = { ...parent.guard, ...own } as Guard;
  }
  const parentEntity = parent.generic?.entity ?? ctx.schemaEntities.get(parent.response.name);
  const via = entities.find((entity) => entity.name === operation.generic!.entity)!.fields.find((field) => field.name === children.via)!;
  if (via.type === 'ref' && via.to !== parentEntity) fail(at, `via must be a ref to "${parentEntity ?? '?'}"`, ['generic', 'via']);
}

function buildGeneric(raw: Raw, at: Located<Raw>, entities: Entity[], ctx: TypeContext): GenericOperation {
  const kind: GenericOperation['kind'] = raw.list
    ? 'list'
    : raw.get
      ? 'get'
      : raw.create
        ? 'create'
        : raw.update
          ? 'update'
          : raw.action
            ? 'action'
            : raw.delete
              ? 'delete'
              : 'children';
  const entityName: string = raw.list ?? raw.get ?? raw.create ?? raw.update ?? raw.action ?? raw.delete ?? raw.children;
  const entity = entities.find((candidate) => candidate.name === entityName);
  if (!entity) fail(at, `unknown entity "${entityName}"`, [kind]);
  // An action reads back its answer's schema, a delete answers none (checkRecordWrite).
  if (raw.schema !== undefined && !ctx.schemaNames.has(raw.schema)) fail(at, `unknown schema "${raw.schema}"`, ['schema']);
  const fieldOf = (name: string, path: (string | number)[]) => {
    const field = entity.fields.find((candidate) => candidate.name === name);
    if (!field) fail(at, `entity "${entity.name}" has no field "${name}"`, path);
    return field;
  };
  const sort: string[] = raw.sort ?? [];
  sort.forEach((name, i) => fieldOf(name, ['sort', i]));
  const defaultSort: string = raw.default_sort ?? '+id';
  if (raw.list && !sort.includes(defaultSort.slice(1))) fail(at, 'default_sort must be one of sort', ['default_sort']);
  if (kind === 'children') {
    fieldOf(defaultSort.slice(1), ['default_sort']);
    if (sort.length > 0 && !sort.includes(defaultSort.slice(1))) fail(at, 'default_sort must be one of sort', ['default_sort']);
  }
  const filters: GenericFilter[] = Object.entries((raw.filters ?? {}) as Record<string, Raw>).map(([param, filter]) => {
    if (filter.search) {
      (filter.search as string[]).forEach((name, i) => {
        const field = fieldOf(name, ['filters', param, 'search', i]);
        if (!['string', 'text', 'email', 'url', 'phone'].includes(field.type))
          fail(at, `"${name}" is not text and cannot be searched`, ['filters', param, 'search', i]);
      });
      return { param, match: 'search', fields: filter.search };
    }
    if (filter.has) {
      const child = entities.find((candidate) => candidate.name === filter.has.entity);
      if (!child) fail(at, `unknown entity "${filter.has.entity}"`, ['filters', param, 'has', 'entity']);
      const via = child.fields.find((candidate) => candidate.name === filter.has.via);
      if (!via || via.type !== 'ref' || via.to !== entity.name)
        fail(at, `"${filter.has.via}" is not a ref of "${child.name}" to "${entity.name}"`, ['filters', param, 'has', 'via']);
      return { param, match: 'has', fields: [], has: { entity: child.name, via: via.name } };
    }
    const field = fieldOf(filter.field, ['filters', param, 'field']);
    if (
      filter.match === 'subtree' &&
      !(field.type === 'ref' && field.to === 'organisation') &&
      !(entity.name === 'organisation' && field.type === 'id')
    ) {
      fail(at, 'subtree matches a ref to organisation', ['filters', param, 'match']);
    }
    if (filter.match === 'not_own' && !(field.type === 'ref' && field.to === 'organisation'))
      fail(at, 'not_own matches a ref to organisation', ['filters', param, 'match']);
    if (filter.match === 'set' && !field.nullable)
      fail(at, `"${filter.field}" is never empty, so set has nothing to ask`, ['filters', param, 'match']);
    return { param, match: filter.match, fields: [filter.field] };
  });
  const generic: GenericOperation = {
    kind,
    entity: entity.name,
    schema: raw.schema ?? '',
    sort,
    defaultSort,
    filters,
    ...recordWriteOptions(raw, entity, fieldOf, entities, at, ctx),
  };
  if (kind === 'create' || kind === 'update') {
    if (ctx.schemaEntities.get(raw.schema) !== entity.name)
      fail(at, `schema "${raw.schema}" must be from entity "${entity.name}"`, ['schema']);
    for (const [field, needed] of Object.entries((raw.requires ?? {}) as Record<string, string>)) {
      fieldOf(field, ['requires', field]);
      fieldOf(needed, ['requires', field]);
    }
    if (raw.requires) generic.requires = raw.requires;
    if (raw.lookup) generic.lookup = writeLookups(raw.lookup as Record<string, string>, raw.schema as string, fieldOf, entities, at, ctx);
  } else if (raw.requires || raw.lookup) {
    fail(at, 'requires and lookup are for create and update', [raw.requires ? 'requires' : 'lookup']);
  }
  if (kind === 'children') {
    if (raw.scope) fail(at, "a child list's scope is its parent's", ['scope']);
    const via = fieldOf(raw.via, ['via']);
    const where: Record<string, string | number | boolean> = raw.where ?? {};
    for (const [name, value] of Object.entries(where)) {
      const field = fieldOf(name, ['where', name]);
      if (field.enumName && !enumValues({ enums: ctx.enumDefs } as Model, field.enumName).includes(value as string)) {
        fail(at, `"${String(value)}" is not a value of enum "${field.enumName}"`, ['where', name]);
      }
    }
    if (via.type !== 'ref' && !(via.type === 'integer' && Object.keys(where).length > 0)) {
      fail(at, 'via names a ref to the parent, or an integer id with where', ['via']);
    }
    generic.children = { of: raw.of, via: raw.via, where };
  }
  if (raw.scope?.tree) {
    if (raw.scope.tree !== 'self') {
      const field = fieldOf(raw.scope.tree, ['scope', 'tree']);
      if (field.type !== 'ref' || field.to !== 'organisation')
        fail(at, 'a tree scope names a ref to organisation, or self', ['scope', 'tree']);
    } else if (entity.name !== 'organisation') fail(at, 'scope tree: self is for the organisation entity', ['scope', 'tree']);
    generic.scope = { kind: 'tree', field: raw.scope.tree };
  } else if (raw.scope?.own) {
    const field = fieldOf(raw.scope.own, ['scope', 'own']);
    if (field.type !== 'ref' || field.to !== 'organisation') fail(at, 'an own scope names a ref to organisation', ['scope', 'own']);
    generic.scope = { kind: 'own', field: raw.scope.own, ...(raw.scope.root === 'tree' && { rootReadsTree: true as const }) };
  }
  return generic;
}

/** A schema carrying a private field (write-only, in a request body) is never an answer. */
export function checkWriteOnly(files: SpecFile[], entities: Entity[], operations: Operation[], located: Map<string, Located<Raw>>): void {
  const writeOnly = new Set(
    [...collect(files, 'schemas').entries()]
      .filter(([, at]) => {
        const entity = entities.find((candidate) => candidate.name === at.value.from);
        return ((at.value.fields ?? []) as string[]).some((name) => entity?.fields.find((field) => field.name === name)?.private);
      })
      .map(([name]) => name),
  );
  for (const operation of operations) {
    if (operation.response === 'none') continue;
    const answered = operation.response.kind === 'array' ? operation.response.items : operation.response;
    if (answered.kind === 'schema' && writeOnly.has(answered.name)) {
      fail(located.get(operation.id)!, `"${answered.name}" carries a private field and cannot be an answer`, ['response']);
    }
  }
}
