import { auditFieldsOf } from '../model/auditLabels';
import type { Model } from '../model/types';
import { GENERATED_HEADER, literal } from './header';

/**
 * runtime/generated/auditFields.ts: for each audited entity, each field's label key and the type
 * its values are shown as (enum labels, money, dates): the audit tabs' change tables
 * (runtime/record/auditCells.ts). The model has checked that every field has a label.
 */
export function emitAuditFields(model: Model): string {
  const audited = Object.fromEntries(
    model.entities
      .filter((entity) => entity.audit)
      .map((entity) => [entity.name, auditFieldsOf(entity, model.messages['en'] ?? {}).fields]),
  );
  return [
    GENERATED_HEADER,
    `import type { AuditField } from '../record/auditField';`,
    '',
    `export const auditFields: Readonly<Record<string, Readonly<Record<string, AuditField>>>> = ${literal(audited)};`,
    '',
  ].join('\n');
}
