import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../audit/auditTrail';
import { inTransaction } from '../../writes/records';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { demoInvoiceLines, DEMO_INVOICES } from '../../../seeds/demo/billing';
import { invoiceTotals, netOf } from './invoicePdf';

describe('invoice download (001 §2, §7)', () => {
  let server: TestServer;
  let buyer: TestClient;
  let root: TestClient;
  let euBuyer: TestClient;
  const idOf = async (reference: string) => Number((await server.db('invoices').where('reference', reference).first('id')).id);

  beforeAll(async () => {
    server = await startTestServer();
    buyer = server.client();
    root = server.client();
    euBuyer = server.client();
    await buyer.login('buyer@customer.example');
    await root.login('admin@supplier.example');
    await euBuyer.login('buyer@eu-customer.example');
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers the stored PDF with its file name, and the PDF parses', async () => {
    const response = await buyer.get(`/api/v1/invoices/${await idOf('INV-1004')}/download`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="INV-1004.pdf"; filename*=UTF-8''INV-1004.pdf`);
    expect(new TextDecoder().decode(response.bytes.slice(0, 5))).toBe('%PDF-');
    const pdf = await PDFDocument.load(response.bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe('INVOICE INV-1004');
    expect(pdf.getSubject()).toBe('Customer Co Ltd');
    const stored = await server
      .db('invoice_files')
      .where('invoice_id', await idOf('INV-1004'))
      .first('size');
    expect(response.bytes.byteLength).toBe(Number(stored.size));
  });

  it('stores a PDF for every demo invoice and credit note', async () => {
    const files = await server
      .db('invoice_files')
      .join('invoices', 'invoices.id', 'invoice_files.invoice_id')
      .select('reference', 'type', 'content');
    expect(files).toHaveLength(DEMO_INVOICES.length);
    const credit = files.find((file) => file.reference === 'CN-2001')!;
    const pdf = await PDFDocument.load(Buffer.from(credit.content, 'base64'));
    expect(pdf.getTitle()).toBe('CREDIT NOTE CN-2001');
  });

  it("splits each document's total into net lines and VAT at 20 % that add up to it exactly", () => {
    // INV-1004: 2,999.00 gross → net 2,499.17 (2,999 / 1.2 = 2,499.1666…, half up) as 70 % and the rest.
    const invoice = DEMO_INVOICES.find((candidate) => candidate.reference === 'INV-1004')!;
    expect(netOf('2999.00', 20).toFixed(2)).toBe('2499.17');
    const lines = demoInvoiceLines(invoice);
    expect(lines.map((line) => line.unitPrice)).toEqual(['1749.42', '749.75']);
    const totals = invoiceTotals(lines, invoice.total);
    expect([totals.net.toFixed(2), totals.vat.toFixed(2), totals.gross.toFixed(2)]).toEqual(['2499.17', '499.83', '2999.00']);
    // A credit note: -45.50 → net -37.92, VAT -7.58, one line.
    const credit = DEMO_INVOICES.find((candidate) => candidate.reference === 'CN-2002')!;
    const creditTotals = invoiceTotals(demoInvoiceLines(credit), credit.total);
    expect([creditTotals.net.toFixed(2), creditTotals.vat.toFixed(2)]).toEqual(['-37.92', '-7.58']);
    for (const each of DEMO_INVOICES) expect(invoiceTotals(demoInvoiceLines(each), each.total).gross.toFixed(2)).toBe(each.total);
  });

  it('is scoped like the list: 404 outside the subtree, shown inside it and to root', async () => {
    expect((await buyer.get(`/api/v1/invoices/${await idOf('INV-1201')}/download`)).status).toBe(404);
    expect((await buyer.get(`/api/v1/invoices/${await idOf('INV-1401')}/download`)).status).toBe(404);
    expect((await buyer.get(`/api/v1/invoices/${await idOf('INV-1101')}/download`)).status).toBe(200);
    expect((await buyer.get('/api/v1/invoices/999999/download')).status).toBe(404);
    expect((await root.get(`/api/v1/invoices/${await idOf('INV-1201')}/download`)).status).toBe(200);
  });

  it('needs invoice:view (403) and a session (401)', async () => {
    expect((await euBuyer.get(`/api/v1/invoices/${await idOf('INV-1201')}/download`)).status).toBe(403);
    expect((await server.client().get(`/api/v1/invoices/${await idOf('INV-1001')}/download`)).status).toBe(401);
  });

  it('is 404 for an invoice without a stored file', async () => {
    const id = await idOf('INV-1002');
    const file = await server.db('invoice_files').where('invoice_id', id).first('id');
    await inTransaction(server.db, SYSTEM_ACTOR, async (records) => records.remove('invoice_file', Number(file.id)));
    expect((await buyer.get(`/api/v1/invoices/${id}/download`)).status).toBe(404);
  });
});
