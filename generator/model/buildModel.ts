import { SpecError, type SpecFile, type TemplateFile } from '../load/readSpec';
import type { Model, Permission } from './types';
import { auditFieldsOf } from './auditLabels';
import { checkGuard, collect, fail, type Raw, type TypeContext } from './specContext';
import { checkForms } from './formScreens';
import { addScreenActions } from './actionModel';
import { buildMessages } from './messages';
import { buildMenu } from './menuModel';
import { assignAccess } from './access';
import { buildEmails } from './emails';
import { buildEntities, buildEnums, buildSchemas } from './entityModel';
import { buildOperations, checkWriteOnly } from './operationModel';
import { buildRoutes, buildScreens, checkScreenReferences } from './screenModel';

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
