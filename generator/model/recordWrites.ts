// Generic actions and deletes of one record (`generic: action` / `generic: delete`): part of the
// model builder, generator/model/buildModel.ts.
import { enumValues } from '../emit/jsonSchema';
import { fail, type Located, type Raw, type TypeContext } from './specContext';
import type { Entity, Field, GenericOperation, Model, Operation } from './types';

type FieldOf = (name: string, path: (string | number)[]) => Field;
type Scalar = string | number | boolean | null;

/** A fixed value must fit its field: an enum's value, a boolean, a number, text; null only where allowed. */
function checkValue(field: Field, value: Scalar, at: Located<Raw>, path: (string | number)[], ctx: TypeContext): void {
  if (value === null) {
    if (!field.nullable) fail(at, `"${field.name}" cannot be null`, path);
    return;
  }
  if (field.enumName) {
    if (!enumValues({ enums: ctx.enumDefs } as Model, field.enumName).includes(value as string))
      fail(at, `"${String(value)}" is not a value of enum "${field.enumName}"`, path);
    return;
  }
  const fits =
    field.type === 'boolean' ? typeof value === 'boolean' : field.type === 'integer' ? Number.isInteger(value) : typeof value === 'string';
  if (!fits) fail(at, `"${String(value)}" does not fit ${field.type} field "${field.name}"`, path);
}

function checkValues(
  raw: Record<string, Scalar>,
  key: string,
  fieldOf: FieldOf,
  at: Located<Raw>,
  ctx: TypeContext,
): Record<string, Scalar> {
  for (const [name, value] of Object.entries(raw)) checkValue(fieldOf(name, [key, name]), value, at, [key, name], ctx);
  return raw;
}

/** "entity.via": child rows of another entity pointing at this one by a ref. */
function childRef(
  text: string,
  entity: Entity,
  entities: Entity[],
  at: Located<Raw>,
  path: (string | number)[],
): { entity: string; via: string } {
  const [childName = '', via = ''] = text.split('.');
  const child = entities.find((candidate) => candidate.name === childName);
  if (!child) fail(at, `unknown entity "${childName}"`, path);
  const ref = child.fields.find((field) => field.name === via);
  if (!ref || ref.type !== 'ref' || ref.to !== entity.name) fail(at, `"${via}" is not a ref of "${childName}" to "${entity.name}"`, path);
  return { entity: childName, via };
}

/**
 * The keys of an action or a delete: fixed `values` and an `audit` action (actions), `when` the
 * record must match, `not_self` (organisations and users), `cascade` and `restrict` (deletes).
 */
export function recordWriteOptions(
  raw: Raw,
  entity: Entity,
  fieldOf: FieldOf,
  entities: Entity[],
  at: Located<Raw>,
  ctx: TypeContext,
): Partial<GenericOperation> {
  const options: Partial<GenericOperation> = {};
  if (raw.action) {
    options.values = checkValues(raw.values as Record<string, Scalar>, 'values', fieldOf, at, ctx);
    if (!enumValues({ enums: ctx.enumDefs } as Model, 'audit_action').includes(raw.audit))
      fail(at, `"${String(raw.audit)}" is not a value of enum "audit_action"`, ['audit']);
    options.audit = raw.audit;
  } else if (raw.values || raw.audit) fail(at, 'values and audit are for actions', [raw.values ? 'values' : 'audit']);
  if (raw.when) options.when = checkValues(raw.when as Record<string, Scalar>, 'when', fieldOf, at, ctx);
  if (raw.not_self) {
    if (entity.name !== 'organisation' && entity.name !== 'user') fail(at, 'not_self is for organisations and users', ['not_self']);
    options.notSelf = true;
  }
  if (raw.cascade || raw.restrict) {
    if (!raw.delete) fail(at, 'cascade and restrict are for deletes', [raw.cascade ? 'cascade' : 'restrict']);
    options.cascade = ((raw.cascade ?? []) as string[]).map((text, i) => childRef(text, entity, entities, at, ['cascade', i]));
    options.restrict = Object.entries((raw.restrict ?? {}) as Record<string, string>).map(([text, problem]) => ({
      ...childRef(text, entity, entities, at, ['restrict', text]),
      problem,
    }));
  }
  return options;
}

/**
 * An action is a POST or PUT under one {id} answering the record as a schema of its entity; a
 * delete is a DELETE of one {id} answering nothing. A delete's restrict codes join the
 * operation's problems (409), so the contract names them and the catalogue must hold them.
 */
export function checkRecordWrite(operation: Operation, at: Located<Raw>, ctx: TypeContext): void {
  const generic = operation.generic!;
  if (generic.kind === 'action') {
    if (!['post', 'put'].includes(operation.method) || operation.pathParams.length !== 1)
      fail(at, 'a generic action is a post or put under one {id}', ['method']);
    if (operation.body !== undefined) fail(at, 'a generic action takes no body', ['body']);
    if (
      operation.response === 'none' ||
      operation.response.kind !== 'schema' ||
      ctx.schemaEntities.get(operation.response.name) !== generic.entity
    ) {
      fail(at, `a generic action answers a schema of entity "${generic.entity}"`, ['response']);
    }
    generic.schema = operation.response.name;
  } else {
    if (operation.method !== 'delete' || operation.pathParams.length !== 1)
      fail(at, 'a generic delete is a delete of one {id}', ['method']);
    if (operation.response !== 'none') fail(at, 'a generic delete answers none', ['response']);
    const restricted = (generic.restrict ?? []).map((rule) => rule.problem);
    if (restricted.length > 0)
      operation.problems = { ...operation.problems, 409: [...new Set([...(operation.problems?.['409'] ?? []), ...restricted])] };
  }
  if (generic.when || generic.notSelf) {
    const codes: [string, string][] = [
      ...(generic.when ? [['409', 'invalid_state'] as [string, string]] : []),
      ...(generic.notSelf ? [['403', 'own_record'] as [string, string]] : []),
    ];
    for (const [status, code] of codes)
      operation.problems = { ...operation.problems, [status]: [...new Set([...(operation.problems?.[status] ?? []), code])] };
  }
}
