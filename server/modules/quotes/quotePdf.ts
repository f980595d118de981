import Decimal from 'decimal.js';
import type { Knex } from 'knex';
import type { PDFFont, PDFPage } from 'pdf-lib';
import type { QuoteSent } from '../../generated/types';
import type { Handler } from '../../http/operationDef';
import { documentBranding, NO_BRANDING, type DocumentBranding } from '../organisations/documentBranding';
import { money, rightAligned, SUPPLIER } from '../billing/invoicePdf';
import { visibleQuote } from './handlers';
import { revisionOf } from './quoteRevisions';

/** The subscription details a line prints under its name (000 §3 line item), by their labels. */
const DETAILS: [keyof QuoteSent['line_items'][number], string][] = [
  ['dropbox_team_name', 'Dropbox team'],
  ['dropbox_admin_email', 'Dropbox admin'],
  ['acronis_tenant_name', 'Acronis tenant'],
  ['acronis_admin_email', 'Acronis admin'],
  ['zoom_end_user_company', 'End user'],
  ['zoom_end_user_email', 'End-user e-mail'],
  ['zoom_deal_registration_id', 'Deal registration'],
  ['sbc_name', 'SBC'],
  ['nuvias_name', 'Contract'],
  ['stac_teams_name', 'Teams'],
  ['stac_zoom_phone_name', 'Zoom Phone'],
];

/**
 * What pdf-lib's standard fonts can draw (WinAnsi): Latin-1 and its punctuation. Anything else
 * (a name in another script) prints as "?" rather than failing the document.
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export const printable = (text: string) =>
  [...text].map((char) => (char.charCodeAt(0) <= 0xff || WIN_ANSI_EXTRA.has(char) ? char : '?')).join('');

const A4: [number, number] = [595.28, 841.89];
const LEFT = 50;
const RIGHT = 545;
const BOTTOM = 90;

/**
 * A quote's PDF (issue 16 "Quote PDF"): the supplier's letterhead, the recipient, the quote's
 * references, revision, date and expiry, its lines with their subscription details, quantities,
 * unit prices, discounts and net amounts, the subtotal, shipping and total excluding VAT, and the
 * terms. pdf-lib's Helvetica, A4, as many pages as the lines need; the same quote and branding
 * give the same bytes (its creation date is the quote's). The recipient's branding, where it has
 * one (own or inherited: the look its users have in the portal), gives the logo above the
 * letterhead, the colour of the title and rules, and the footer line.
 */
export async function quotePdf(quote: QuoteSent, branding: DocumentBranding = NO_BRANDING): Promise<Uint8Array> {
  // Loaded with the first document, as the invoice's: pdf-lib is heavy to load at start-up.
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const document = await PDFDocument.create();
  const reference = quote.supplier_ref ?? `Hub ${quote.id}`;
  document.setTitle(printable(`QUOTE ${reference} ${quote.name}`));
  document.setAuthor(printable(quote.organisation_from?.name ?? SUPPLIER[0]!));
  document.setSubject(printable(quote.organisation_to?.name ?? ''));
  const created = new Date(quote.date);
  document.setCreationDate(created);
  document.setModificationDate(created);
  const font = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const grey = rgb(0.35, 0.35, 0.35);
  const hex = branding.colour ? Number.parseInt(branding.colour.slice(1), 16) : null;
  const accent = hex === null ? grey : rgb(((hex >> 16) & 255) / 255, ((hex >> 8) & 255) / 255, (hex & 255) / 255);
  const logo = branding.logo
    ? await (branding.logo.type === 'image/png' ? document.embedPng(branding.logo.bytes) : document.embedJpg(branding.logo.bytes))
    : null;
  const currency = quote.currency;
  const text = (page: PDFPage, value: string, x: number, y: number, size = 10, face: PDFFont = font) =>
    page.drawText(printable(value), { x, y, size, font: face });
  const right = (page: PDFPage, value: string, x: number, y: number, face: PDFFont = font) =>
    rightAligned(page, face, printable(value), x, y);
  const rule = (page: PDFPage, y: number) => page.drawLine({ start: { x: LEFT, y }, end: { x: RIGHT, y }, thickness: 0.8, color: accent });
  const columns = { description: LEFT, quantity: 330, unit: 410, discount: 465, net: RIGHT };
  const header = (page: PDFPage, y: number) => {
    text(page, 'Description', columns.description, y, 10, bold);
    right(page, 'Qty', columns.quantity, y, bold);
    right(page, 'Unit price', columns.unit, y, bold);
    right(page, 'Discount', columns.discount, y, bold);
    right(page, 'Net', columns.net, y, bold);
    rule(page, y - 6);
    return y - 6;
  };

  let page = document.addPage(A4);
  let y = 790;
  if (logo) {
    // At most 160 × 48 points, its proportions kept, its top at the page's top margin.
    const scale = logo.scaleToFit(160, 48);
    page.drawImage(logo, { x: LEFT, y: 812 - scale.height, width: scale.width, height: scale.height });
    y = 812 - scale.height - 26;
  }
  page.drawText('QUOTE', { x: LEFT, y, size: 22, font: bold, color: hex === null ? rgb(0, 0, 0) : accent });
  const letterhead = [quote.organisation_from?.name ?? SUPPLIER[0]!, ...SUPPLIER.slice(1)];
  letterhead.forEach((line, index) => right(page, line, RIGHT, 790 - index * 13, index === 0 ? bold : font));
  y = Math.min(y, 790) - 80;
  const facts: [string, string][] = [
    ['Quote', quote.name],
    ['Reference', reference],
    ['Revision', String(quote.revision)],
    ['Date', quote.date.slice(0, 10)],
    ['Valid until', quote.expiry_date ?? 'no expiry date'],
    ...(quote.purchase_order_number ? [['Purchase order', quote.purchase_order_number] as [string, string]] : []),
    ['Currency', currency],
  ];
  text(page, 'Prepared for', LEFT, y, 10, bold);
  [quote.organisation_to?.name, quote.recipient_name, quote.recipient_email]
    .filter((line): line is string => !!line)
    .forEach((line, index) => text(page, line, LEFT, y - 14 - index * 13, 11));
  facts.forEach(([label, value], index) => {
    text(page, `${label}:`, 330, y - index * 14, 10, bold);
    text(page, value.slice(0, 28), 420, y - index * 14);
  });
  y -= Math.max(facts.length, 4) * 14 + 24;
  y = header(page, y);
  for (const line of quote.line_items) {
    const details = DETAILS.flatMap(([field, label]) => (line[field] ? [`${label}: ${String(line[field])}`] : []));
    if (y - 16 - details.length * 11 < BOTTOM) {
      page = document.addPage(A4);
      y = header(page, 790);
    }
    y -= 16;
    const unit = line.price === null ? null : new Decimal(line.price);
    text(page, line.name.slice(0, 52), columns.description, y);
    right(page, String(line.quantity), columns.quantity, y);
    right(page, unit === null ? '--' : money(unit, currency), columns.unit, y);
    right(page, `${new Decimal(line.discount).toDecimalPlaces(2).toString()}%`, columns.discount, y);
    right(page, money(new Decimal(line.sub_total_for_item ?? '0'), currency), columns.net, y);
    for (const detail of details) {
      y -= 11;
      text(page, detail.slice(0, 70), columns.description + 10, y, 8);
    }
  }
  if (y < BOTTOM + 70) {
    page = document.addPage(A4);
    y = 790;
  }
  y -= 10;
  rule(page, y);
  const shipping = quote.ship_cost === null ? null : new Decimal(quote.ship_cost);
  const totals: [string, Decimal, PDFFont][] = [
    ['Subtotal', new Decimal(quote.total), font],
    ...(shipping ? [['Shipping', shipping, font] as [string, Decimal, PDFFont]] : []),
    ['Total excluding VAT', new Decimal(quote.total).plus(shipping ?? 0), bold],
  ];
  for (const [label, value, face] of totals) {
    y -= 16;
    right(page, label, columns.discount, y, face);
    right(page, money(value, currency), columns.net, y, face);
  }
  const terms = [
    `Prices exclude VAT. This quote is valid until ${quote.expiry_date ?? 'withdrawn'}; accepting it in the portal places an order at these prices.`,
    'Subscriptions run for the term of their rate plan from activation. Supplied under our terms of sale.',
  ];
  terms.forEach((line, index) => text(page, line, LEFT, 60 - index * 11, 8));
  if (branding.footer) document.getPages().forEach((each) => text(each, branding.footer!.slice(0, 110), LEFT, 30, 8));
  return document.save({ useObjectStreams: false });
}

/** The file name a quote's PDF downloads as: its reference and revision. */
export const quotePdfName = (quote: Pick<QuoteSent, 'id' | 'supplier_ref' | 'revision'>) =>
  `quote-${(quote.supplier_ref ?? String(quote.id)).replace(/[^A-Za-z0-9-]/g, '_')}-r${quote.revision}.pdf`;

/** A quote's PDF in its recipient's branding (the e-mail's attachment and the download alike). */
export async function brandedQuotePdf(db: Knex, quote: QuoteSent): Promise<Uint8Array> {
  return quotePdf(quote, quote.organisation_to ? await documentBranding(db, quote.organisation_to.id) : NO_BRANDING);
}

/** GET /quotes/{id}/pdf: the current revision (a draft's: as it stands, to the sender), or a kept one. */
export const getQuotePdf: Handler<'getQuotePdf'> = async ({ params, query }, context) => {
  const quote = await visibleQuote(params.id, context);
  const sent = await revisionOf(params.id, query.revision ?? quote.revision, context);
  return { content: Buffer.from(await brandedQuotePdf(context.db, sent)), fileName: quotePdfName(sent), contentType: 'application/pdf' };
};
