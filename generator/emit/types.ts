import { compile } from 'json-schema-to-typescript';
import type { JSONSchema4 } from 'json-schema';
import type { Model } from '../model/types';
import { GENERATED_HEADER } from './header';
import { objectSchema } from './jsonSchema';
import { queryParameters } from './openapi';
import { operationTypeTable, pascal } from './serverCode';

const localRef = (name: string) => `#/definitions/${name}`;

/** server/generated/types.ts: interfaces of every API shape and operation, via json-schema-to-typescript. */
export async function emitServerTypes(model: Model): Promise<string> {
  const definitions: Record<string, JSONSchema4> = {};
  for (const schema of model.schemas) {
    definitions[schema.name] = { title: schema.name, ...objectSchema(model, schema.properties, localRef, true) };
  }
  for (const operation of model.operations) {
    const name = `${pascal(operation.id)}Query`;
    // Validation fills defaults in, so a defaulted parameter is always present for the handler.
    const params = queryParameters(model, operation).map((param) => (param.default !== undefined ? { ...param, required: true } : param));
    definitions[name] = { title: name, ...objectSchema(model, params, localRef, true) };
  }
  const compiled = await compile({ title: 'ApiTypes', type: 'object', additionalProperties: false, definitions }, 'ApiTypes', {
    bannerComment: '',
    additionalProperties: false,
    declareExternallyReferenced: true,
    unreachableDefinitions: true,
    format: false,
    strictIndexSignatures: true,
  });
  // The root type is only a carrier for the definitions.
  const body = compiled.replace(/export interface ApiTypes \{\s*\}\n?/, '').trim();
  return [GENERATED_HEADER, '/* eslint-disable */', body, '', operationTypeTable(model)].join('\n');
}
