import { describe, it } from 'vitest';
import type { GenericMeta } from '../../http/operationDef';
import { expectMetaMatches } from '../../testing/metaMatches';
import { roleGetMeta, roleListMeta, roleTemplateListMeta } from './roleMeta';

const CASES: [string, GenericMeta, string, string][] = [
  ['roles', roleListMeta, 'RoleRow', 'listRoles'],
  ['role templates', roleTemplateListMeta, 'RoleRow', 'listRoleTemplates'],
  ['role', roleGetMeta, 'Role', 'getRole'],
];

describe('role list descriptions', () => {
  // `template` is fixed by the handlers: roles and templates are separate lists (002 §2.7).
  it.each(CASES)('%s match their schema and operation', (_name, meta, schema, operationId) =>
    expectMetaMatches(meta, schema, operationId, ['template']),
  );
});
