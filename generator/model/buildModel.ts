import { SpecError, type SpecFile, type TemplateFile } from '../load/readSpec';
import { enumValues } from '../emit/jsonSchema';
import { checkRecordWrite, recordWriteOptions } from './recordWrites';
import type {
  ScreenLink,
  ApiSchema,
  Crumb,
  Entity,
  EnumDef,
  GenericFilter,
  GenericOperation,
  GateWhen,
  Guard,
  Field,
  Model,
  ModelBeforeScreens,
  Operation,
  Permission,
  Property,
  Route,
  FormScreen,
  Scalar,
  ScalarType,
  Screen,
  TypeRef,
} from './types';
import { addRoundTrips } from './roundTrip';
import { auditFieldsOf } from './auditLabels';
import { checkGuard, collect, fail, type Located, type Raw, type TypeContext } from './specContext';
import { checkFormLoad, checkFormOperation, checkFormRoute, checkForms, checkPrefillFrom, formClears, formWidgets } from './formScreens';
import { writeLookups } from './writeOptions';
import { buildListScreen } from './listScreenModel';
import { buildChildrenScreen, buildRecordScreen } from './recordScreenModel';
import { addScreenActions } from './actionModel';
import { buildMessages } from './messages';
import { buildMenu } from './menuModel';
import { assignAccess } from './access';
import { buildEmails } from './emails';

const DEFAULT_SCALE: Partial<Record<ScalarType, number>> = { money: 4, decimal: 4 };

function scalarOf(raw: Raw): Scalar {
  const scalar: Scalar = { type: raw.type };
  if (raw.max !== undefined) scalar.max = raw.max;
  if (raw.min !== undefined) scalar.min = raw.min;
  const scale = raw.scale ?? DEFAULT_SCALE[raw.type as ScalarType];
  if (scale !== undefined) scalar.scale = scale;
  if (raw.enum !== undefined) scalar.enumName = raw.enum;
  if (raw.to !== undefined) scalar.to = raw.to;
  return scalar;
}

function buildEnums(files: SpecFile[]): EnumDef[] {
  return [...collect(files, 'enums').entries()].map(([name, at]) => ({ name, values: at.value }));
}

function buildEntities(files: SpecFile[], enums: Set<string>): Entity[] {
  const located = collect(files, 'entities');
  const entities = [...located.entries()].map(([name, at]): Entity => {
    const raw = at.value;
    const fields = Object.entries(raw.fields as Record<string, Raw>).map(([fieldName, f]): Field => {
      const fieldAt = { ...at, path: [...at.path, 'fields', fieldName] };
      if ((f.type === 'enum' || f.type === 'enum_list') && !enums.has(f.enum)) fail(fieldAt, `unknown enum "${f.enum ?? ''}"`);
      if (f.type === 'ref' && !located.has(f.to)) fail(fieldAt, `unknown entity "${f.to ?? ''}"`);
      const field: Field = {
        ...scalarOf(f),
        name: fieldName,
        column: f.type === 'ref' ? `${fieldName}_id` : fieldName,
        required: f.required === true,
        nullable: f.nullable === true,
        index: f.index === true,
        unique: f.unique === true,
        primary: f.primary === true || f.type === 'id',
        private: f.private === true,
      };
      if (f.default !== undefined) field.default = f.default;
      if (f.description !== undefined) field.description = f.description;
      if (f.renamed_from !== undefined) field.renamedFrom = f.renamed_from;
      return field;
    });
    if (!fields.some((field) => field.primary)) fail(at, 'an entity needs an id field (type id, or primary: true)', ['fields']);
    const columnOf = (list: string[], key: string, i: number) =>
      list.map((entry) => {
        const lowered = /^lower\((\w+)\)$/.exec(entry)?.[1];
        const fieldName = lowered ?? entry;
        const field = fields.find((candidate) => candidate.name === fieldName);
        if (!field) fail(at, `unknown field "${fieldName}"`, [key, i]);
        return lowered === undefined ? field.column : `lower(${field.column})`;
      });
    const entity: Entity = {
      name,
      table: raw.table,
      private: raw.private === true,
      fields,
      indexes: (raw.indexes ?? []).map((list: string[], i: number) => columnOf(list, 'indexes', i)),
      unique: (raw.unique ?? []).map((list: string[], i: number) => columnOf(list, 'unique', i)),
      dropIntended: raw.drop_intended ?? [],
      audit: raw.audit === true,
      outsideForbidden: raw.outside_scope === 'forbidden',
    };
    if (raw.description !== undefined) entity.description = raw.description;
    if (raw.renamed_from !== undefined) entity.renamedFrom = raw.renamed_from;
    if (raw.data_version !== undefined) entity.dataVersion = raw.data_version;
    if (raw.labels !== undefined) entity.labels = raw.labels;
    if (raw.search !== undefined) {
      entity.search = (raw.search as string[]).map((fieldName, i) => {
        const field = fields.find((candidate) => candidate.name === fieldName);
        if (!field) fail(at, `unknown field "${fieldName}"`, ['search', i]);
        if (!['string', 'text', 'email', 'url', 'phone'].includes(field.type))
          fail(at, `search needs text fields, "${fieldName}" is ${field.type}`, ['search', i]);
        return field.column;
      });
    }
    return entity;
  });
  const tables = new Map<string, string>();
  for (const entity of entities) {
    const other = tables.get(entity.table);
    if (other) fail(located.get(entity.name)!, `table "${entity.table}" is also used by entity "${other}"`, ['table']);
    tables.set(entity.table, entity.name);
  }
  // The write path bumps data_versions (server/writes/dataVersions.ts): the table must be declared.
  const versioned = entities.find((entity) => entity.dataVersion !== undefined);
  if (versioned && !tables.has('data_versions'))
    fail(located.get(versioned.name)!, 'data_version needs an entity with table "data_versions" (name, version)', ['data_version']);
  return entities;
}

function typeRefOf(raw: Raw, at: Located<unknown>, ctx: TypeContext): TypeRef {
  if (raw.schema !== undefined) {
    if (!ctx.schemaNames.has(raw.schema)) fail(at, `unknown schema "${raw.schema}"`);
    return { kind: 'schema', name: raw.schema };
  }
  if (raw.array !== undefined) {
    const items = typeof raw.array === 'string' ? { schema: raw.array } : raw.array;
    return { kind: 'array', items: typeRefOf(items, at, ctx) };
  }
  if (raw.type === undefined) fail(at, 'a property needs a type, a schema or an array');
  if (raw.type === 'enum' && raw.values !== undefined) {
    return { kind: 'scalar', scalar: { type: 'enum', enumName: `inline:${JSON.stringify(raw.values)}` } };
  }
  if ((raw.type === 'enum' || raw.type === 'enum_list') && !ctx.enums.has(raw.enum)) fail(at, `unknown enum "${raw.enum ?? ''}"`);
  if (raw.type === 'ref' && !ctx.entities.has(raw.to)) fail(at, `unknown entity "${raw.to ?? ''}"`);
  return { kind: 'scalar', scalar: scalarOf(raw) };
}

function propertyOf(name: string, raw: Raw, at: Located<unknown>, ctx: TypeContext): Property {
  const property: Property = { name, type: typeRefOf(raw, at, ctx), required: raw.required === true, nullable: raw.nullable === true };
  if (raw.default !== undefined) property.default = raw.default;
  if (raw.description !== undefined) property.description = raw.description;
  if (raw.max_items !== undefined) {
    if (property.type.kind !== 'array') fail(at, 'max_items belongs to an array', ['max_items']);
    property.maxItems = raw.max_items;
  }
  return property;
}

function propertyFromField(field: Field): Property {
  const { name, required, nullable, description } = field;
  const scalar: Scalar = { type: field.type === 'id' || field.type === 'ref' ? 'integer' : field.type };
  for (const key of ['max', 'min', 'scale', 'enumName'] as const) if (field[key] !== undefined) scalar[key] = field[key] as never;
  if (field.type === 'id' || field.type === 'ref') scalar.min = 1;
  const property: Property = {
    name,
    type: { kind: 'scalar', scalar },
    required: required || field.primary || field.default !== undefined,
    nullable,
  };
  if (field.default !== undefined) property.default = field.default;
  if (description !== undefined) property.description = description;
  return property;
}

function buildSchemas(files: SpecFile[], entities: Entity[], ctx: TypeContext): ApiSchema[] {
  const located = collect(files, 'schemas');
  const viaChecks: { at: Located<Raw>; target: string; schema: string }[] = [];
  const childChecks: { at: Located<Raw>; parent: string; schema: string; via: string }[] = [];
  const latestChecks: { at: Located<Raw>; parent: string; schema: string; via: string; by: string }[] = [];
  const schemas = [...located.entries()].map(([name, at]) => {
    const raw = at.value;
    const properties: Property[] = [];
    if (raw.from !== undefined) {
      const entity = entities.find((candidate) => candidate.name === raw.from);
      if (!entity) fail(at, `unknown entity "${raw.from}"`, ['from']);
      (raw.fields ?? []).forEach((fieldName: string, i: number) => {
        const field = entity.fields.find((candidate) => candidate.name === fieldName);
        if (!field) fail(at, `entity "${entity.name}" has no field "${fieldName}"`, ['fields', i]);
        // A private field may travel in, never out: an input schema carries it (a feed's delivery
        // password), and checkWriteOnly keeps such a schema out of every answer.
        if (field.private && raw.input !== true) fail(at, `field "${fieldName}" is private and cannot travel over the API`, ['fields', i]);
        // Bytes travel as files (an operation's `files`), never inside JSON.
        if (field.type === 'binary')
          fail(at, `field "${fieldName}" holds bytes: they travel as an operation's files, not in a schema`, ['fields', i]);
        // An answer always carries every field (null when empty); a request may leave optional ones out.
        const property = propertyFromField(field);
        // A request may also leave out a field with a default: the default fills it (status DRAFT);
        // and an input carrying the id names an existing record by it, a new one by leaving it out.
        const input = property.default !== undefined || field.type === 'id' ? { ...property, required: false } : property;
        properties.push(raw.input === true ? input : { ...property, required: true });
      });
    }
    for (const [propName, propRaw] of Object.entries((raw.add ?? {}) as Record<string, Raw>)) {
      const propAt = { ...at, path: [...at.path, 'add', propName] };
      const property = propertyOf(propName, propRaw, propAt, ctx);
      if (propRaw.via !== undefined && property.type.kind === 'array') {
        // Child rows: the items' entity has a ref field `via` pointing back at this schema's entity.
        const items = property.type.items;
        if (items.kind !== 'schema' || raw.from === undefined)
          fail(propAt, 'via on an array needs an array of a schema, in a schema with from', ['via']);
        property.via = propRaw.via;
        childChecks.push({ at: propAt, parent: raw.from, schema: items.name, via: propRaw.via });
      } else if (propRaw.via !== undefined) {
        const entity = entities.find((candidate) => candidate.name === raw.from);
        const field = entity?.fields.find((candidate) => candidate.name === propRaw.via);
        if (!field || field.type !== 'ref') fail(propAt, `via names a ref field of "${raw.from ?? ''}"`, ['via']);
        if (property.type.kind !== 'schema') fail(propAt, 'via needs a schema property', ['via']);
        property.via = propRaw.via;
        viaChecks.push({ at: propAt, target: field.to!, schema: property.type.name });
      }
      if (propRaw.count !== undefined) {
        const child = entities.find((candidate) => candidate.name === propRaw.count.entity);
        if (!child) fail(propAt, `unknown entity "${propRaw.count.entity}"`, ['count', 'entity']);
        const ref = child.fields.find((candidate) => candidate.name === propRaw.count.via);
        if (!ref || ref.type !== 'ref' || ref.to !== raw.from)
          fail(propAt, `"${propRaw.count.via}" is not a ref of "${child.name}" to "${raw.from ?? ''}"`, ['count', 'via']);
        if (property.type.kind !== 'scalar' || property.type.scalar.type !== 'integer')
          fail(propAt, 'count needs an integer property', ['count']);
        property.count = { entity: child.name, via: ref.name };
      }
      if (propRaw.latest !== undefined) {
        if (property.type.kind !== 'schema' || propRaw.via !== undefined || raw.from === undefined)
          fail(propAt, 'latest needs a schema property without via, in a schema with from', ['latest']);
        if (!property.nullable) fail(propAt, 'latest needs nullable: a record may have no child rows', ['latest']);
        property.latest = { via: propRaw.latest.via, by: propRaw.latest.by };
        latestChecks.push({ at: propAt, parent: raw.from, schema: property.type.name, ...property.latest });
      }
      if (propRaw.has_value !== undefined) {
        const entity = entities.find((candidate) => candidate.name === raw.from);
        if (!entity?.fields.some((candidate) => candidate.name === propRaw.has_value))
          fail(propAt, `"${String(propRaw.has_value)}" is not a field of "${raw.from ?? ''}"`, ['has_value']);
        if (property.type.kind !== 'scalar' || property.type.scalar.type !== 'boolean')
          fail(propAt, 'has_value needs a boolean property', ['has_value']);
        property.hasValue = propRaw.has_value;
      }
      properties.push(property);
    }
    return { name, properties, ...(raw.from !== undefined && { entity: raw.from as string }) };
  });
  // A property shown via a ref must show the record that ref points at.
  for (const check of viaChecks) {
    const from = located.get(check.schema)?.value.from;
    if (from !== check.target) fail(check.at, `schema "${check.schema}" must be from entity "${check.target}"`, ['schema']);
  }
  // Child rows come from the item schema's entity, through a ref to the parent, and carry only its fields.
  for (const check of childChecks) {
    const itemRaw = located.get(check.schema)?.value;
    const itemEntity = entities.find((candidate) => candidate.name === itemRaw?.from);
    const field = itemEntity?.fields.find((candidate) => candidate.name === check.via);
    if (!itemEntity || !field || field.type !== 'ref' || field.to !== check.parent) {
      fail(check.at, `via names a ref to "${check.parent}" of the entity of schema "${check.schema}"`, ['via']);
    }
    if (itemRaw.add !== undefined) fail(check.at, `schema "${check.schema}" of child rows may only list fields of its entity`, ['via']);
  }
  // The newest child row: a row of the schema's entity pointing back, ordered by one of its fields.
  for (const check of latestChecks) {
    const itemRaw = located.get(check.schema)?.value;
    const itemEntity = entities.find((candidate) => candidate.name === itemRaw?.from);
    const ref = itemEntity?.fields.find((candidate) => candidate.name === check.via);
    if (!itemEntity || !ref || ref.type !== 'ref' || ref.to !== check.parent)
      fail(check.at, `"${check.via}" is not a ref to "${check.parent}" of the entity of schema "${check.schema}"`, ['latest', 'via']);
    if (!itemEntity.fields.some((candidate) => candidate.name === check.by))
      fail(check.at, `entity "${itemEntity.name}" has no field "${check.by}"`, ['latest', 'by']);
    if (itemRaw.add !== undefined) fail(check.at, `schema "${check.schema}" of a child row may only list fields of its entity`, ['latest']);
  }
  addRoundTrips(schemas, entities, located);
  return schemas;
}

function buildOperations(files: SpecFile[], ctx: TypeContext, entities: Entity[]): Operation[] {
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

function buildRoutes(files: SpecFile[], screens: Screen[], permissions: Permission[], messages: Record<string, string>): Route[] {
  const located: Located<Raw>[] = files.flatMap((file) =>
    ((file.data['routes'] as Raw[] | undefined) ?? []).map((value, i) => ({ value, file, path: ['routes', i] })),
  );
  const names = new Set<string>();
  for (const at of located) {
    if (names.has(at.value.name)) fail(at, `route "${at.value.name}" is defined twice`, ['name']);
    names.add(at.value.name);
  }
  return located.map((at) => {
    const raw = at.value;
    if (!raw.screen === !raw.redirect) fail(at, 'a route needs exactly one of screen and redirect');
    if (raw.screen && !screens.some((screen) => screen.name === raw.screen)) fail(at, `unknown screen "${raw.screen}"`, ['screen']);
    checkFormRoute(at, screens);
    if (raw.redirect && !names.has(raw.redirect)) fail(at, `unknown route "${raw.redirect}"`, ['redirect']);
    checkGuard(at, raw.guard as Guard | undefined, permissions, ['guard']);
    const breadcrumbs: Crumb[] = (raw.breadcrumbs ?? []).map((crumb: Raw, i: number) => {
      if (crumb.route && !names.has(crumb.route)) fail(at, `unknown route "${crumb.route}"`, ['breadcrumbs', i, 'route']);
      if (crumb.label && messages[crumb.label] === undefined) fail(at, `unknown message "${crumb.label}"`, ['breadcrumbs', i, 'label']);
      if (!crumb.label && !crumb.param && !crumb.lookup) fail(at, 'a crumb needs a label, a param or a lookup', ['breadcrumbs', i]);
      return crumb as Crumb;
    });
    const route: Route = { name: raw.name, path: raw.path, public: raw.public === true, breadcrumbs };
    if (raw.guard) route.guard = raw.guard;
    if (raw.redirect) route.redirect = raw.redirect;
    if (raw.screen) route.screen = raw.screen;
    return route;
  });
}

function buildScreens(files: SpecFile[], entities: Entity[], partial: ModelBeforeScreens): Screen[] {
  return [...collect(files, 'screens').entries()].map(([name, at]): Screen => {
    const raw = at.value;
    if (raw.links && !raw.list && !raw.record && !raw.children) fail(at, 'links belong to list, record and child-list screens', ['links']);
    // Only a list screen counts its rows.
    ((raw.links ?? []) as Raw[]).forEach((link, i) => {
      if (link.min_rows !== undefined && !raw.list) fail(at, 'min_rows belongs to the links of list screens', ['links', i, 'min_rows']);
    });
    if (raw.component) {
      const [file = '', exportName = ''] = (raw.component as string).split('#');
      return { kind: 'component', name, file, exportName };
    }
    if (raw.list) return buildListScreen(name, at, partial);
    if (raw.sections) return { kind: 'page', name, sections: raw.sections, ...(raw.title && { title: raw.title }) };
    if (raw.record) return buildRecordScreen(name, at, partial);
    if (raw.children) return buildChildrenScreen(name, at, partial);
    if (raw.tabs) fail(at, 'tabs belong to record screens', ['tabs']);
    if (raw.title_values) fail(at, 'title_values belong to record screens', ['title_values']);
    const entity = entities.find((candidate) => candidate.name === raw.form);
    if (!entity) fail(at, `unknown entity "${raw.form}"`, ['form']);
    (raw.fields as string[]).forEach((fieldName, i) => {
      if (!entity.fields.some((field) => field.name === fieldName))
        fail(at, `entity "${entity.name}" has no field "${fieldName}"`, ['fields', i]);
    });
    const widgets = formWidgets(at, raw, entity);
    const form: FormScreen = {
      kind: 'form',
      name,
      entity: entity.name,
      fields: raw.fields,
      widgets,
      labels: raw.labels ?? name,
      prefill: raw.prefill ?? {},
      required: raw.required ?? [],
      guards: raw.guards ?? {},
      ...(raw.title && { title: raw.title }),
      clears: {},
      ...(raw.success && { success: raw.success }),
      ...(raw.failure && { failure: raw.failure }),
    };
    for (const fieldName of Object.keys(form.prefill)) {
      if (!raw.fields.includes(fieldName)) fail(at, `"${fieldName}" is not one of the form's fields`, ['prefill', fieldName]);
    }
    form.required.forEach((fieldName, i) => {
      if (!raw.fields.includes(fieldName)) fail(at, `"${fieldName}" is not one of the form's fields`, ['required', i]);
    });
    for (const fieldName of Object.keys(form.guards)) {
      if (!raw.fields.includes(fieldName)) fail(at, `"${fieldName}" is not one of the form's fields`, ['guards', fieldName]);
    }
    if (raw.prefill_from !== undefined)
      form.prefillFrom = checkPrefillFrom(at, raw.prefill_from, entity.name, partial.operations, partial.schemas);
    if ((raw.create === undefined) !== (raw.created_route === undefined)) fail(at, 'create and created_route go together', ['create']);
    if (raw.create !== undefined)
      form.create = {
        operation: checkFormOperation(at, raw, 'create', entity.name, partial.operations, partial.schemas),
        route: raw.created_route,
      };
    if (raw.update !== undefined) form.update = checkFormOperation(at, raw, 'update', entity.name, partial.operations, partial.schemas);
    if (raw.load !== undefined) form.load = checkFormLoad(at, raw, entity.name, partial.operations, partial.schemas);
    form.clears = formClears(at, raw, entity);
    return form;
  });
}

/** Labels, links and guards of list screens must name messages, routes and permissions that exist. */
function checkScreenReferences(
  files: SpecFile[],
  screens: Screen[],
  routes: Route[],
  permissions: Permission[],
  messages: Record<string, string>,
): void {
  const located = collect(files, 'screens');
  const routeNames = new Set(routes.map((route) => route.name));
  for (const screen of screens) {
    const at = located.get(screen.name)!;
    const label = (key: string | undefined, path: (string | number)[]) => {
      if (key !== undefined && messages[key] === undefined) fail(at, `unknown message "${key}"`, path);
    };
    label(
      screen.kind === 'list' || screen.kind === 'record' || screen.kind === 'page' || screen.kind === 'children' ? screen.title : undefined,
      ['title'],
    );
    if (screen.kind === 'form') screen.fields.forEach((field, i) => label(`${screen.labels}.${field}`, ['fields', i]));
    if (screen.kind === 'record') {
      for (const placeholder of Object.keys(screen.titleValues ?? {})) {
        const text = screen.title === undefined ? undefined : messages[screen.title];
        if (text !== undefined && !text.includes(`{{${placeholder}}}`))
          fail(at, `message "${screen.title}" has no {{${placeholder}}}`, ['title_values', placeholder]);
      }
      if (screen.tabs.length > 0) label('record.definition', ['tabs']);
      screen.tabs.forEach((tab, i) => {
        label(tab.label, ['tabs', i, 'label']);
        label(tab.empty, ['tabs', i, 'empty']);
        tab.columns.forEach((column, j) => {
          label(column.label, ['tabs', i, 'columns', j, 'label']);
          if (column.link && !routeNames.has(column.link)) fail(at, `unknown route "${column.link}"`, ['tabs', i, 'columns', j, 'link']);
        });
      });
    }
    if (screen.kind === 'record' || screen.kind === 'children') checkLinks(at, screen.links, routes, permissions, label, true);
    if (screen.kind === 'children') {
      label(screen.empty, ['empty']);
      screen.columns.forEach((column, i) => {
        label(column.label, ['columns', i, 'label']);
        if (column.link && !routeNames.has(column.link)) fail(at, `unknown route "${column.link}"`, ['columns', i, 'link']);
      });
    }
    if (screen.kind === 'page') {
      screen.sections.forEach((section, i) => {
        const target = screens.find((candidate) => candidate.name === section);
        if (target?.kind !== 'list') fail(at, `"${section}" is not a list screen`, ['sections', i]);
      });
    }
    if (screen.kind !== 'list') continue;
    label(screen.emptyKey, ['empty']);
    screen.columns.forEach((column, i) => {
      label(column.label, ['columns', i, 'label']);
      column.cases?.forEach((rowCase, j) => label(rowCase.label, ['columns', i, 'cases', j, 'label']));
      label(column.otherwise, ['columns', i, 'otherwise']);
      column.warnings?.forEach((rowCase, j) => label(rowCase.label, ['columns', i, 'warnings', j, 'label']));
      if (column.link && !routeNames.has(column.link)) fail(at, `unknown route "${column.link}"`, ['columns', i, 'link']);
      checkGuard(at, column.guard, permissions, ['columns', i, 'guard']);
    });
    screen.filters.forEach((filter, i) => {
      label(filter.label, ['filters', i, 'label']);
      if (filter.guard?.permission && !permissions.some((p) => p.name === filter.guard!.permission))
        fail(at, `unknown permission "${filter.guard.permission}"`, ['filters', i, 'guard']);
    });
    checkLinks(at, screen.links, routes, permissions, label, false);
  }
}

/**
 * A screen's links name routes that exist and permissions in their guards; on a record's screens
 * (`withId`) a route link passes the record's id, so its route may take no parameter but `:id`,
 * and an href may hold no placeholder but `{id}`; elsewhere neither takes any.
 */
function checkLinks(
  at: Located<Raw>,
  links: ScreenLink[],
  routes: Route[],
  permissions: Permission[],
  label: (key: string | undefined, path: (string | number)[]) => void,
  withId: boolean,
): void {
  const allowed = withId ? ['id'] : [];
  links.forEach((link, i) => {
    label(link.label, ['links', i, 'label']);
    if (link.route !== undefined) {
      const route = routes.find((candidate) => candidate.name === link.route);
      if (!route) fail(at, `unknown route "${link.route}"`, ['links', i, 'route']);
      const params = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
      const missing = params.find((param) => !allowed.includes(param));
      if (missing) fail(at, `route "${route.name}" takes :${missing}, which this screen cannot give`, ['links', i, 'route']);
    }
    if (link.href !== undefined) {
      const placeholder = [...link.href.matchAll(/\{(\w*)\}/g)].map((match) => match[1]!).find((name) => !allowed.includes(name));
      if (placeholder !== undefined) fail(at, `{${placeholder}} cannot be filled on this screen`, ['links', i, 'href']);
    }
    checkGuard(at, link.guard, permissions, ['links', i, 'guard']);
  });
}

/** A schema carrying a private field (write-only, in a request body) is never an answer. */
function checkWriteOnly(files: SpecFile[], entities: Entity[], operations: Operation[], located: Map<string, Located<Raw>>): void {
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

/**
 * Builds the validated model from parsed spec files and the e-mail templates beside them; the
 * first inconsistency throws SpecError (the catalogue and e-mail checks throw all of theirs
 * together, as SpecErrors).
 */
export function buildModel(files: SpecFile[], templates: TemplateFile[] = []): Model {
  const enums = buildEnums(files);
  const enumNames = new Set(enums.map((e) => e.name));
  const entities = buildEntities(files, enumNames);
  const ctx: TypeContext = {
    enums: enumNames,
    enumDefs: enums,
    entities: new Set(entities.map((e) => e.name)),
    schemaNames: new Set(collect(files, 'schemas').keys()),
    schemaEntities: new Map(
      [...collect(files, 'schemas').entries()].flatMap(([name, at]) => (at.value.from ? [[name, at.value.from as string]] : [])),
    ),
    schemaProperties: new Map(),
  };
  const schemas = buildSchemas(files, entities, ctx);
  for (const schema of schemas)
    ctx.schemaProperties.set(
      schema.name,
      schema.properties.map((property) => property.name),
    );
  const permissions: Permission[] = files.flatMap((file) =>
    ((file.data['permissions'] as Raw[] | undefined) ?? []).map((p) => ({ name: p.name, module: p.module ?? 'WEBSTORE' })),
  );
  const messages = buildMessages(files, enums);
  const operations = buildOperations(files, ctx, entities);
  assignAccess(operations, entities, collect(files, 'operations'));
  // A body taking the record back refuses a changed field it may not set (records round-trip).
  for (const operation of operations) {
    if (!schemas.find((schema) => schema.name === operation.body)?.roundTrip?.fixed.length) continue;
    operation.problems = { ...operation.problems, 403: [...new Set([...(operation.problems?.['403'] ?? []), 'forbidden_field'])] };
  }
  const screens = buildScreens(files, entities, { enums, entities, schemas, operations });
  const routes = buildRoutes(files, screens, permissions, messages['en'] ?? {});
  checkScreenReferences(files, screens, routes, permissions, messages['en'] ?? {});
  addScreenActions(files, screens, { enums, entities, schemas, operations }, { routes, permissions, messages: messages['en'] ?? {} });
  checkForms(files, screens, routes, permissions, messages['en'] ?? {}, operations);
  const menu = buildMenu(files, routes, permissions, messages['en'] ?? {});
  const locatedOperations = collect(files, 'operations');
  for (const operation of operations) checkGuard(locatedOperations.get(operation.id)!, operation.guard, permissions, ['guard']);
  for (const operation of operations) {
    const at = locatedOperations.get(operation.id)!;
    if (operation.gateWhen) checkGuard(at, operation.gateWhen.guard, permissions, ['gate_when', 'guard']);
    // Every 403 forbidden is a declared gate's (issue 22): one the handler raises on some calls
    // only must say which calls and what they need, for the contract and docs/authorization.md.
    if (operation.problems?.['403']?.includes('forbidden') && !operation.gateWhen) {
      fail(at, 'a handler answering 403 forbidden declares the gate it applies: gate_when: { when, guard }', ['problems', '403']);
    }
  }
  checkWriteOnly(files, entities, operations, locatedOperations);
  const unlabelled = entities
    .filter((entity) => entity.audit)
    .flatMap((entity) => auditFieldsOf(entity, messages['en'] ?? {}).missing.map((field) => `${entity.name}.${field}`));
  if (unlabelled.length > 0) {
    const at = collect(files, 'entities').get(unlabelled[0]!.split('.')[0]!)!;
    fail(at, `audited fields need a label (<labels namespace>.<field> or fields.<field>): ${unlabelled.join(', ')}`, ['labels']);
  }
  for (const operation of operations) {
    for (const [status, codes] of Object.entries(operation.problems ?? {})) {
      codes.forEach((code, i) => {
        if (messages['en']?.[`problem.${code}`] === undefined)
          fail(locatedOperations.get(operation.id)!, `unknown problem "${code}" (no message problem.${code})`, ['problems', status, i]);
      });
    }
  }
  for (const operation of operations) {
    if (operation.permission && !permissions.some((p) => p.name === operation.permission)) {
      const file = files.find((candidate) => (candidate.data['operations'] as Raw)?.[operation.id])!;
      throw new SpecError(
        file.file,
        file.lineOf(['operations', operation.id, 'permission']),
        `operations.${operation.id}.permission`,
        `unknown permission "${operation.permission}"`,
      );
    }
  }
  const emails = buildEmails(files, templates, enums, messages['en'] ?? {});
  return { enums, entities, schemas, operations, routes, screens, permissions, menu, messages, emails };
}
