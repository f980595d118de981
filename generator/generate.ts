import { readSpec, readTemplates } from './load/readSpec';
import { buildModel } from './model/buildModel';
import type { Model } from './model/types';
import { emitAuthorizationMatrix } from './emit/authorization';
import { emitClientTypes } from './emit/clientTypes';
import { EMPTY_SNAPSHOT, migrationCode, migrationName, planMigration, snapshotOf, type Snapshot } from './emit/migration';
import { buildOpenApi } from './emit/openapi';
import { emitApiReference } from './emit/apiReference';
import { emitForms, emitLocaleCatalogues, emitMenu, emitMessages, emitRegistry, emitScreens } from './emit/runtimeCode';
import { emitSlots } from './emit/slotRegistry';
import { emitAuditFields } from './emit/auditFields';
import {
  emitServerEntities,
  emitServerOperations,
  emitServerMessages,
  emitServerListScreens,
  emitServerProblems,
  emitServerSchemas,
} from './emit/serverCode';
import { emitServerTypes } from './emit/types';
import { emitEmails } from './emit/emails';

export interface MigrationState {
  snapshot: Snapshot | undefined;
  /** File names of the migrations already in server/migrations. */
  existing: string[];
}

export interface Output {
  /** Path relative to the project root → content. */
  files: Map<string, string>;
  /** The new migration's file name, when the data model changed. */
  newMigration?: string;
}

export function loadModel(specDir: string): Model {
  return buildModel(readSpec(specDir), readTemplates(specDir));
}

/** Everything `hub generate` writes, as a function of the model and the committed migrations. */
export async function generate(model: Model, migrations: MigrationState): Promise<Output> {
  const openapi = buildOpenApi(model);
  const files = new Map<string, string>([
    ['server/generated/openapi.json', `${JSON.stringify(openapi, null, 2)}\n`],
    ['server/generated/apiReference.html', emitApiReference(model)],
    ['docs/authorization.md', emitAuthorizationMatrix(model)],
    ['server/generated/operations.ts', emitServerOperations(model)],
    ['server/generated/apiSchemas.ts', emitServerSchemas(model)],
    ['server/generated/entities.ts', emitServerEntities(model)],
    ['server/generated/problems.ts', emitServerProblems(model)],
    ['server/generated/listScreens.ts', emitServerListScreens(model)],
    ['server/generated/serverMessages.ts', emitServerMessages(model)],
    ['server/generated/emails.ts', emitEmails(model)],
    ['server/generated/types.ts', await emitServerTypes(model)],
    ['runtime/generated/api.ts', await emitClientTypes(openapi)],
    ['runtime/generated/registry.tsx', emitRegistry(model)],
    ['runtime/generated/messages.ts', emitMessages(model)],
    ...emitLocaleCatalogues(model),
    ['runtime/generated/menu.ts', emitMenu(model)],
    ['runtime/generated/forms.ts', emitForms(model)],
    ['runtime/generated/screens.ts', emitScreens(model)],
    ['runtime/generated/slots.tsx', emitSlots(model)],
    ['runtime/generated/auditFields.ts', emitAuditFields(model)],
  ]);
  const plan = planMigration(model, migrations.snapshot ?? EMPTY_SNAPSHOT);
  if (plan.up.length === 0) return { files };
  const name = migrationName(migrations.existing.length + 1, plan, migrations.existing.length === 0);
  files.set(`server/migrations/${name}`, migrationCode(plan));
  files.set('server/migrations/snapshot.json', `${JSON.stringify(snapshotOf(model), null, 2)}\n`);
  return { files, newMigration: name };
}
