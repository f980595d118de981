// What a generic create or update checks against other entities (`lookup`): part of the model
// builder, generator/model/buildModel.ts.
import { fail, type Located, type Raw, type TypeContext } from './specContext';
import type { Entity, Field } from './types';

const TEXT_TYPES = ['string', 'text', 'email', 'url', 'phone'];

/** Each looked-up field is a text field the body sends, naming another entity's row by a unique text field. */
export function writeLookups(
  raw: Record<string, string>,
  schema: string,
  fieldOf: (name: string, path: (string | number)[]) => Field,
  entities: Entity[],
  at: Located<Raw>,
  ctx: TypeContext,
): Record<string, { entity: string; field: string }> {
  const input = ctx.schemaProperties.get(schema) ?? [];
  return Object.fromEntries(
    Object.entries(raw).map(([name, target]) => {
      const field = fieldOf(name, ['lookup', name]);
      if (!input.includes(name)) fail(at, `"${name}" is not in the body schema "${schema}"`, ['lookup', name]);
      const [entityName = '', keyName = ''] = target.split('.');
      const entity = entities.find((candidate) => candidate.name === entityName);
      if (!entity) fail(at, `unknown entity "${entityName}"`, ['lookup', name]);
      const key = entity.fields.find((candidate) => candidate.name === keyName);
      if (!key?.unique || !TEXT_TYPES.includes(key.type)) fail(at, `"${target}" is not a unique text field`, ['lookup', name]);
      if (!TEXT_TYPES.includes(field.type)) fail(at, `"${name}" is not text and cannot name a row`, ['lookup', name]);
      return [name, { entity: entityName, field: keyName }];
    }),
  );
}
