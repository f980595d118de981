/**
 * No value: null, undefined, or text of spaces only (what the write path stores as none once it
 * has trimmed it). One rule for every "is this required field filled in" check, on both sides.
 */
export const isBlank = (value: unknown): boolean => value === null || value === undefined || String(value).trim() === '';
