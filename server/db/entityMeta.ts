/** The generated description of one entity's storage (server/generated/entities.ts). */
export interface FieldMeta {
  column: string;
  type: string;
  scale?: number;
  to?: string;
  private?: boolean;
}

export interface EntityMeta {
  table: string;
  /** Every change is written to the audit log, under the entity's name (spec `audit: true`). */
  audit?: boolean;
  /**
   * A record of another organisation (outside every scope an operation reaches it by) answers
   * 403 forbidden rather than 404 (spec `outside_scope: forbidden`; server/http/foreignRecord.ts).
   */
  outsideForbidden?: boolean;
  /** Every write bumps this data version (server/writes/dataVersions.ts), in the same transaction (spec `data_version`). */
  dataVersion?: string;
  fields: Record<string, FieldMeta>;
}
