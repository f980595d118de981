/** How the audit tab shows one field of an audited record (runtime/generated/auditFields.ts). */
export interface AuditField {
  /** The message key of its label. */
  label: string;
  type?: 'enum' | 'enum_list' | 'boolean' | 'money' | 'decimal' | 'timestamp';
  enum?: string;
}
