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
  fields: Record<string, FieldMeta>;
}
