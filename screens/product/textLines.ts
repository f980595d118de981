/** A multi-line text as its non-blank lines, trimmed: detailed descriptions and feature bullets (000 §2.6). */
export function textLines(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
