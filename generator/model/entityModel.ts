// The data model of the spec: enums, entities with their fields, and the API schemas built from them.
import type { SpecFile } from '../load/readSpec';
import type { ApiSchema, Entity, EnumDef, Field, Property, Scalar, ScalarType, TypeRef } from './types';
import { addRoundTrips } from './roundTrip';
import { collect, fail, type Located, type Raw, type TypeContext } from './specContext';

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

export function buildEnums(files: SpecFile[]): EnumDef[] {
  return [...collect(files, 'enums').entries()].map(([name, at]) => ({ name, values: at.value }));
}

export function buildEntities(files: SpecFile[], enums: Set<string>): Entity[] {
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

export function typeRefOf(raw: Raw, at: Located<unknown>, ctx: TypeContext): TypeRef {
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

export function propertyOf(name: string, raw: Raw, at: Located<unknown>, ctx: TypeContext): Property {
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

export function buildSchemas(files: SpecFile[], entities: Entity[], ctx: TypeContext): ApiSchema[] {
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
