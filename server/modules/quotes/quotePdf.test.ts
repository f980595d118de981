import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { QuoteSent } from '../../generated/types';
import { solidPng } from '../../testing/images';
import { printable, quotePdf, quotePdfName } from './quotePdf';

const line = (index: number) => ({
  id: index,
  name: `Line ${index} 漢字`,
  price: '12.5000',
  sub_total_for_item: '25.00',
  product: 1,
  quantity: 2,
  selected_rate_plan: null,
  maintenance_product: null,
  prov_product: null,
  prov_organisation: null,
  prov_group: null,
  prov_site: null,
  discount: '0.00',
  markup: null,
  dropbox_team_name: index === 1 ? 'Team One' : null,
  dropbox_admin_email: null,
  acronis_tenant_name: null,
  acronis_admin_email: null,
  zoom_order_type: null,
  zoom_deal_registration_id: null,
  zoom_deal_registration_approval_id: null,
  zoom_end_user_company: null,
  zoom_end_user_name: null,
  zoom_end_user_email: null,
  sbc_name: null,
  nuvias_name: null,
  stac_teams_name: null,
  stac_zoom_phone_name: null,
  subscription_type: null,
});

const quote = (lines: number) =>
  ({
    id: 7,
    name: 'Spring – offer ✓',
    supplier_ref: 'SQ-5007',
    date: '2026-03-05T14:30:00.000Z',
    expiry_date: '2026-06-30',
    total: (25 * lines).toFixed(2),
    currency: 'EUR',
    purchase_order_number: 'PO-1',
    recipient_name: 'Rita',
    recipient_email: 'rita@reseller.example',
    payment_type: 'ON_ACCOUNT',
    finance_target: null,
    finance_term_length: null,
    provisioning_instructions: null,
    ship_instructions: null,
    part_ship: false,
    ship_cost: '9.95',
    shipping_company_name: null,
    shipping_recipient_name: null,
    shipping_addr_line_1: null,
    shipping_addr_line_2: null,
    shipping_city: null,
    shipping_region: null,
    shipping_postal_code: null,
    shipping_country_code: null,
    revision: 3,
    shipping_type: { id: 1, name: 'Courier' },
    organisation_from: { id: 1, name: 'Supplier Distribution Ltd' },
    organisation_to: { id: 2, name: 'Reseller Partners UK Ltd' },
    line_items: Array.from({ length: lines }, (_, index) => line(index + 1)),
  }) as unknown as QuoteSent;

/** The PDF's page content streams, inflated (pdf-lib compresses them), as one text. */
function contentOf(pdf: Buffer): string {
  const streams = [...pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)];
  return streams
    .map((match) => {
      try {
        return inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
      } catch {
        return match[1]!;
      }
    })
    .join('\n');
}

describe('the quote PDF', () => {
  it('prints any number of lines over as many A4 pages as they need, the same bytes for the same quote', async () => {
    const short = await PDFDocument.load(await quotePdf(quote(3)));
    expect([short.getPageCount(), short.getTitle(), short.getSubject()]).toEqual([
      1,
      'QUOTE SQ-5007 Spring – offer ?',
      'Reseller Partners UK Ltd',
    ]);
    const long = await quotePdf(quote(80));
    expect((await PDFDocument.load(long)).getPageCount()).toBeGreaterThan(1);
    expect(Buffer.from(await quotePdf(quote(80))).equals(Buffer.from(long))).toBe(true);
    expect(quotePdfName(quote(1))).toBe('quote-SQ-5007-r3.pdf');
  });

  it('keeps what the standard fonts draw and prints "?" for the rest', () => {
    expect(printable('Café £12 – €3 “ok”')).toBe('Café £12 – €3 “ok”');
    expect(printable('Zoom 漢字 ✓')).toBe('Zoom ?? ?');
  });

  it("carries the recipient's branding: its logo, its colour on the title and rules, its footer on every page", async () => {
    const branding = {
      logo: { bytes: new Uint8Array(solidPng(120, 40, '#c0392b')), type: 'image/png' as const },
      colour: '#336699',
      footer: 'Reseller Partners, registered in England',
    };
    const plain = Buffer.from(await quotePdf(quote(80))).toString('latin1');
    const branded = Buffer.from(await quotePdf(quote(80), branding));
    const raw = branded.toString('latin1');
    const content = contentOf(branded);
    const document = await PDFDocument.load(branded);
    expect(raw).toContain('/Subtype /Image');
    expect(plain).not.toContain('/Subtype /Image');
    // The accent colour as the content stream sets it (0x33/255, 0x66/255, 0x99/255).
    expect(content).toContain('0.2 0.4 0.6 RG');
    expect(content).toContain('0.2 0.4 0.6 rg');
    expect(contentOf(Buffer.from(await quotePdf(quote(80))))).not.toContain('0.2 0.4 0.6 rg');
    // pdf-lib writes standard-font text as hex: the footer appears once per page.
    const footer = Buffer.from(printable(branding.footer), 'latin1').toString('hex').toUpperCase();
    expect(content.split(`<${footer}>`).length - 1).toBe(document.getPageCount());
    expect(Buffer.from(await quotePdf(quote(80), branding)).equals(branded)).toBe(true);
  });
});
