/** One line of a quick order as read: its 1-based line number in what was pasted or uploaded. */
export type ParsedLine = { line: number; sku: string; quantity: number } | { line: number; text: string; unreadable: true };

const unquote = (cell: string) =>
  cell
    .trim()
    .replace(/^"(.*)"$/s, '$1')
    .replace(/""/g, '"')
    .trim();

/**
 * Reads SKU and quantity pairs (issue 8 point 5): one a line, separated by a comma, semicolon or
 * tab (a CSV export of a spreadsheet), cells optionally in double quotes. Blank lines are skipped;
 * a first line whose quantity is not a number is a header ("SKU,Quantity") and skipped too. A line
 * that is not a SKU and a whole number ≥ 0 is kept as unreadable, so it is reported, not dropped.
 */
export function parseQuickOrder(text: string): ParsedLine[] {
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const parsed: ParsedLine[] = [];
  rows.forEach((raw, index) => {
    if (raw.trim() === '') return;
    const cells = raw.split(/[,;\t]/).map(unquote);
    const [sku = '', quantityText = '', ...rest] = cells;
    const extra = rest.some((cell) => cell !== '');
    const quantity = /^\d{1,7}$/.test(quantityText) ? Number(quantityText) : NaN;
    const isHeader =
      parsed.length === 0 &&
      index === rows.findIndex((row) => row.trim() !== '') &&
      Number.isNaN(quantity) &&
      /sku|code|product/i.test(sku);
    if (isHeader) return;
    if (sku === '' || Number.isNaN(quantity) || extra) parsed.push({ line: index + 1, text: raw, unreadable: true });
    else parsed.push({ line: index + 1, sku, quantity });
  });
  return parsed;
}
