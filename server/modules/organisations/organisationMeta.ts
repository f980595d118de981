import { operations } from '../../generated/operations';
import type { GenericMeta } from '../../reads/genericMeta';

let meta: GenericMeta | undefined;

/**
 * One organisation as its page shows it (schema Organisation, GET /organisations/{id}): the
 * generated get's own description, read back after a create or an update. Looked up on first use:
 * the operation table imports this module's handlers.
 */
export function organisationGetMeta(): GenericMeta {
  meta ??= operations.find((operation) => operation.id === 'getOrganisation')?.generic;
  if (!meta) throw new Error('getOrganisation is not a generic get');
  return meta;
}
