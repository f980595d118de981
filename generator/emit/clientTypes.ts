import openapiTS, { astToString } from 'openapi-typescript';
import { GENERATED_HEADER } from './header';
import type { JsonSchema } from './jsonSchema';

/** runtime/generated/api.ts: the `paths` and `components` types of the contract, for openapi-fetch. */
export async function emitClientTypes(openapi: JsonSchema): Promise<string> {
  const ast = await openapiTS(structuredClone(openapi) as unknown as Parameters<typeof openapiTS>[0]);
  return [GENERATED_HEADER, '/* eslint-disable */', astToString(ast)].join('\n');
}
