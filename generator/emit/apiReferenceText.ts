// The readable words of the API reference page (generator/emit/apiReference.ts): what a type, a
// guard and an operation's kind say in plain English, as HTML fragments.
import type { Guard, Model, Operation, Property, Scalar, TypeRef } from '../model/types';
import { enumValues } from './jsonSchema';

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export const code = (text: string) => `<code>${escapeHtml(text)}</code>`;
export const schemaLink = (name: string) => `<a href="#schema-${escapeHtml(name)}">${escapeHtml(name)}</a>`;

/** "listOrganisationPicker" → "List organisation picker": the summary of an operation the spec gives none. */
export function summaryOf(operation: Operation): string {
  if (operation.summary !== undefined) return operation.summary;
  const words = operation.id.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function bounds(scalar: Scalar): string {
  if (scalar.min !== undefined && scalar.max !== undefined) return ` ${scalar.min}–${scalar.max}`;
  if (scalar.min !== undefined) return ` ≥ ${scalar.min}`;
  if (scalar.max !== undefined) return ` ≤ ${scalar.max}`;
  return '';
}

function scalarText(model: Model, scalar: Scalar): string {
  const values = () =>
    enumValues(model, scalar.enumName ?? '')
      .map((value) => code(String(value)))
      .join(', ');
  const length = scalar.max !== undefined ? `, up to ${scalar.max} characters` : '';
  switch (scalar.type) {
    case 'id':
      return 'integer id';
    case 'ref':
      return `id of a ${escapeHtml(scalar.to ?? 'record')}`;
    case 'integer':
      return `integer${bounds(scalar)}`;
    case 'boolean':
      return 'boolean';
    case 'string':
    case 'text':
      return `string${length}`;
    case 'url':
      return `URL${length}`;
    case 'email':
      return `e-mail address${length}`;
    case 'phone':
      return `phone number${length}`;
    case 'money':
      return `money: exact decimal string, up to ${scalar.scale ?? 4} places`;
    case 'decimal':
      return `exact decimal string, up to ${scalar.scale ?? 4} places${scalar.min !== undefined && scalar.min >= 0 ? ', not negative' : ''}`;
    case 'timestamp':
      return 'date-time (ISO 8601)';
    case 'date':
      return 'date (YYYY-MM-DD)';
    case 'binary':
      return 'bytes';
    case 'enum':
      return `one of ${values()}`;
    case 'enum_list':
      return `list of ${values()}`;
  }
}

export function typeText(model: Model, type: TypeRef): string {
  switch (type.kind) {
    case 'scalar':
      return scalarText(model, type.scalar);
    case 'schema':
      return schemaLink(type.name);
    case 'array':
      // An array of enum values reads as a list of choices, not "array of one of".
      return type.items.kind === 'scalar' && type.items.scalar.type === 'enum'
        ? `list, each ${typeText(model, type.items)}`
        : `array of ${typeText(model, type.items)}`;
  }
}

export function propertyType(model: Model, property: Property): string {
  return `${typeText(model, property.type)}${property.nullable ? ' or null' : ''}`;
}

/** A guard in words: every condition joined by "and", `any` as "one of". */
export function guardText(guard: Guard): string {
  const parts = [
    ...(guard.permission !== undefined ? [`permission ${code(guard.permission)}`] : []),
    ...(guard.root === true ? ['supplier staff (root)'] : []),
    ...(guard.root === false ? ['not supplier staff (not root)'] : []),
    ...(guard.admin ? ['an organisation admin'] : []),
    ...(guard.linked_account ? ['an organisation with a linked account'] : []),
    ...(guard.can_create_resellers ? ['an organisation that may create resellers'] : []),
    ...(guard.emulating === false ? ['not emulating another user'] : []),
    ...(guard.any ? [`one of: ${guard.any.map((alternative) => `(${guardText(alternative)})`).join(' or ')}`] : []),
  ];
  return parts.join(' and ');
}

/** What an operation served without hand-written code does, or where its handler lives. */
export function behaviourText(operation: Operation): string {
  const generic = operation.generic;
  if (!generic) {
    const handler = operation.handler!;
    return `Hand-written: ${code(`server/modules/${handler.module}.ts`)} exports ${code(handler.exportName)}.`;
  }
  const entity = code(generic.entity);
  switch (generic.kind) {
    case 'list':
      return `Generic list of ${entity} rows, sorted by ${generic.sort.map(code).join(', ')} (default ${code(generic.defaultSort)}).`;
    case 'get':
      return `Generic read of one ${entity} by id; a record outside the caller's reach is a 404.`;
    case 'children':
      return `Generic child list: the ${entity} rows of the record ${code(generic.children!.of)} reads, visible exactly when that record is.`;
    case 'create':
      return `Generic create of a ${entity}; unique fields answer 409 ${code('duplicate_value')} when taken.`;
    case 'update':
      return `Generic update of a ${entity}; fields left out of the body keep their values.`;
    case 'action': {
      const values = Object.entries(generic.values ?? {}).map(([field, value]) => `${code(field)} = ${code(JSON.stringify(value))}`);
      const when = Object.entries(generic.when ?? {}).map(([field, value]) => `${code(field)} is ${code(JSON.stringify(value))}`);
      return `Generic action on one ${entity}: sets ${values.join(', ')}, recorded in the audit log as ${code(generic.audit ?? '')}${when.length > 0 ? `; only when ${when.join(' and ')} (else 409 ${code('invalid_state')})` : ''}${generic.notSelf ? `; never on the caller's own (403 ${code('own_record')})` : ''}.`;
    }
    case 'delete': {
      const cascade = (generic.cascade ?? []).map((child) => code(child.entity));
      return `Generic delete of one ${entity}${cascade.length > 0 ? `, with its ${cascade.join(', ')} rows` : ''}; recorded in the audit log.`;
    }
  }
}
