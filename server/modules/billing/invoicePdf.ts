import Decimal from 'decimal.js';
import type { PDFFont, PDFPage } from 'pdf-lib';

/** One line of an invoice document: what was sold, how many, at what net unit price. */
export interface InvoicePdfLine {
  description: string;
  quantity: number;
  unitPrice: string;
}

/** What an invoice or credit note document shows (001 §3 Invoice row plus its lines). */
export interface InvoicePdfFacts {
  type: 'INVOICE' | 'CREDIT_NOTE';
  reference: string;
  date: string;
  dueDate: string | null;
  purchaseOrder: string | null;
  organisation: string;
  currency: 'GBP' | 'EUR' | 'USD';
  /** The VAT rate in percent (000 §9: 20). */
  vatPercent: number;
  /** The invoice's stored total, VAT included (credit notes negative). */
  total: string;
  lines: InvoicePdfLine[];
}

const SYMBOL = { GBP: '£', EUR: '€', USD: '$' } as const;
/** The supplier's letterhead, on every document the portal prints (invoices, quotes). */
export const SUPPLIER = ['Supplier Distribution Ltd', '1 Distribution Way', 'Reading RG1 1AA', 'United Kingdom', 'VAT GB 123 4567 89'];

/**
 * The net of a gross total at a VAT rate, rounded half up to the penny: what an invoice's lines add
 * up to. Its VAT is the rest, so net plus VAT is always the stored total exactly.
 */
export function netOf(total: string, vatPercent: number): Decimal {
  return new Decimal(total)
    .times(100)
    .dividedBy(100 + vatPercent)
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** Net (the lines), VAT (the rest) and gross (the stored total) of a document. */
export function invoiceTotals(lines: InvoicePdfLine[], total: string): { net: Decimal; vat: Decimal; gross: Decimal } {
  const net = lines.reduce((sum, line) => sum.plus(new Decimal(line.unitPrice).times(line.quantity)), new Decimal(0));
  const gross = new Decimal(total);
  return { net, vat: gross.minus(net), gross };
}

/** An amount as a document prints it: the currency's symbol, thousands separated, two places. */
export function money(value: Decimal, currency: InvoicePdfFacts['currency']): string {
  const sign = value.isNegative() ? '-' : '';
  const [whole, pence] = value.abs().toFixed(2).split('.');
  return `${sign}${SYMBOL[currency]}${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${pence}`;
}

export function rightAligned(page: PDFPage, font: PDFFont, text: string, right: number, y: number, size = 10): void {
  page.drawText(text, { x: right - font.widthOfTextAtSize(text, size), y, size, font });
}

/**
 * The PDF of an invoice or credit note: supplier and customer, reference, dates and purchase
 * order, the lines, then net, VAT and total. Built with pdf-lib's standard Helvetica (WinAnsi:
 * £ and € print), A4, one page (demo documents have a few lines).
 */
export async function invoicePdf(facts: InvoicePdfFacts): Promise<Uint8Array> {
  // Loaded with the first document, not at start-up: pdf-lib is the heaviest package the server
  // loads (docs/performance.md, "npm start").
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const document = await PDFDocument.create();
  const title = facts.type === 'CREDIT_NOTE' ? 'CREDIT NOTE' : 'INVOICE';
  document.setTitle(`${title} ${facts.reference}`);
  document.setAuthor(SUPPLIER[0]!);
  document.setSubject(facts.organisation);
  // A fixed creation date: the same facts give the same bytes (and the demo stays reproducible).
  const created = new Date(`${facts.date}T00:00:00Z`);
  document.setCreationDate(created);
  document.setModificationDate(created);
  const page = document.addPage([595.28, 841.89]);
  const font = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const left = 50;
  const right = 545;
  let y = 790;
  page.drawText(title, { x: left, y, size: 22, font: bold });
  SUPPLIER.forEach((line, index) => rightAligned(page, index === 0 ? bold : font, line, right, y - index * 13, 9));
  y -= 80;
  const facts_ = [
    ['Reference', facts.reference],
    ['Date', facts.date],
    ...(facts.dueDate ? [['Due date', facts.dueDate]] : []),
    ...(facts.purchaseOrder ? [['Purchase order', facts.purchaseOrder]] : []),
    ['Currency', facts.currency],
  ];
  page.drawText('Bill to', { x: left, y, size: 10, font: bold });
  page.drawText(facts.organisation, { x: left, y: y - 14, size: 11, font });
  facts_.forEach(([label, value], index) => {
    page.drawText(`${label}:`, { x: 330, y: y - index * 14, size: 10, font: bold });
    page.drawText(value!, { x: 430, y: y - index * 14, size: 10, font });
  });
  y -= Math.max(facts_.length, 2) * 14 + 30;
  const columns = { description: left, quantity: 360, unit: 450, net: right };
  page.drawText('Description', { x: columns.description, y, size: 10, font: bold });
  rightAligned(page, bold, 'Qty', columns.quantity, y);
  rightAligned(page, bold, 'Unit price', columns.unit, y);
  rightAligned(page, bold, 'Net', columns.net, y);
  y -= 6;
  page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 0.8, color: rgb(0.3, 0.3, 0.3) });
  for (const line of facts.lines) {
    y -= 16;
    const unit = new Decimal(line.unitPrice);
    page.drawText(line.description.slice(0, 60), { x: columns.description, y, size: 10, font });
    rightAligned(page, font, String(line.quantity), columns.quantity, y);
    rightAligned(page, font, money(unit, facts.currency), columns.unit, y);
    rightAligned(page, font, money(unit.times(line.quantity), facts.currency), columns.net, y);
  }
  y -= 10;
  page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 0.8, color: rgb(0.3, 0.3, 0.3) });
  const totals = invoiceTotals(facts.lines, facts.total);
  const rows: [string, Decimal, PDFFont][] = [
    ['Net total', totals.net, font],
    [`VAT ${facts.vatPercent}%`, totals.vat, font],
    [facts.type === 'CREDIT_NOTE' ? 'Total credit' : 'Total due', totals.gross, bold],
  ];
  for (const [label, value, face] of rows) {
    y -= 16;
    rightAligned(page, face, label, columns.unit, y);
    rightAligned(page, face, money(value, facts.currency), columns.net, y);
  }
  page.drawText('Registered in England and Wales. Payment terms: 30 days from the invoice date.', {
    x: left,
    y: 60,
    size: 8,
    font,
    color: rgb(0.35, 0.35, 0.35),
  });
  return document.save({ useObjectStreams: false });
}
