import type { Entity } from './types';

/** What the audit tab needs to show one field of an audited record as its record screen does. */
export interface AuditField {
  /** The message key of its label. */
  label: string;
  type?: 'enum' | 'enum_list' | 'boolean' | 'money' | 'decimal' | 'timestamp';
  enum?: string;
}

const SHOWN_TYPES = new Set(['enum', 'enum_list', 'boolean', 'money', 'decimal', 'timestamp']);

/**
 * Issue 22 item 15: every audit tab shows field labels and values as the record screen shows them.
 * Each field of an audited entity (the id and private ones aside) is labelled by the first of
 * `<namespace>.<field>` over the entity's `labels`, then `fields.<field>`, that the English
 * catalogue holds; the values are typed for formatting (enum labels, money, dates). Answers the
 * fields without a label, for the caller to report.
 */
export function auditFieldsOf(entity: Entity, english: Record<string, string>): { fields: Record<string, AuditField>; missing: string[] } {
  const fields: Record<string, AuditField> = {};
  const missing: string[] = [];
  for (const field of entity.fields) {
    if (field.type === 'id' || field.private) continue;
    const label = [...(entity.labels ?? []), 'fields']
      .map((namespace) => `${namespace}.${field.name}`)
      .find((key) => english[key] !== undefined);
    if (!label) {
      missing.push(field.name);
      continue;
    }
    fields[field.name] = {
      label,
      ...(SHOWN_TYPES.has(field.type) && { type: field.type as AuditField['type'] }),
      ...(field.enumName !== undefined && { enum: field.enumName }),
    };
  }
  return { fields, missing };
}
