import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download';

describe('the file name of a Content-Disposition header (001 §7)', () => {
  it.each([
    [`attachment; filename="INV-1004.pdf"; filename*=UTF-8''INV-1004.pdf`, 'INV-1004.pdf'],
    [`attachment; filename="Rechnung_.pdf"; filename*=UTF-8''Rechnung%C3%BC.pdf`, 'Rechnungü.pdf'],
    ['attachment; filename="sales-metrics-2026-11-25.csv"', 'sales-metrics-2026-11-25.csv'],
    ['attachment; filename=plain.csv', 'plain.csv'],
    [`attachment; filename="fallback.pdf"; filename*=UTF-8''%E0%A4%A`, 'fallback.pdf'],
    ['attachment', 'given.pdf'],
    [null, 'given.pdf'],
  ])('%s → %s', (header, name) => {
    expect(fileNameOf(header, 'given.pdf')).toBe(name);
  });
});
