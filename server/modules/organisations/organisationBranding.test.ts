import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organisation } from '../../generated/types';
import { signInBackofficeCallers, type BackofficeCallers } from '../../testing/backofficeCallers';
import { PNG_HTML_POLYGLOT, PNG_WITH_SCRIPT_TEXT, SCRIPTED_SVG, TINY_GIF, TINY_JPEG, TINY_WEBP, solidPng } from '../../testing/images';
import { loadOrganisation, multipartBody, saveOrganisation, type Problem } from '../../testing/organisationEdits';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { effectiveBranding } from './branding';

// 002 §2.4, §3, §5, §7: custom branding images sent with the organisation as multipart/form-data,
// checked by content, size-limited, kept in the database and served by token; and the branding an
// organisation's users see (their own fields, else their ancestors').

const RESELLER = 2;
const CUSTOMER = 3;
const EU_CUSTOMER = 4;
const CUSTOMER_BRANCH = 7;

const LOGO = solidPng(8, 4, '#c0392b');

describe('organisation branding', () => {
  let server: TestServer;
  let callers: BackofficeCallers;

  beforeAll(async () => {
    server = await startTestServer();
    callers = await signInBackofficeCallers(server);
  });
  afterAll(async () => {
    await server.close();
  });

  const files = async () => Number(((await server.db('branding_files').count({ count: '*' })) as [{ count: number | string }])[0].count);

  it('stores an uploaded logo and serves it by its token: its own type, an attachment, nosniff, cached', async () => {
    const response = await saveOrganisation(callers.resellerAdmin, CUSTOMER, { footer_text: 'Customer Co, Leeds' }, [
      { part: 'image', bytes: LOGO, fileName: 'logo.png', type: 'image/png' },
    ]);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ footer_text: 'Customer Co, Leeds', branding_image: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const file = await server.client().get(`/api/v1/branding/${response.body.branding_image!}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(file.bytes).equals(LOGO)).toBe(true);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="branding\.png"/);
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('reads each format from the bytes, not the name or the type the client claims', async () => {
    for (const [bytes, type] of [
      [TINY_JPEG, 'image/jpeg'],
      [TINY_GIF, 'image/gif'],
      [TINY_WEBP, 'image/webp'],
      [LOGO, 'image/png'],
    ] as const) {
      const response = await saveOrganisation(callers.resellerAdmin, EU_CUSTOMER, {}, [
        { part: 'background_image', bytes, fileName: 'picture.svg', type: 'image/svg+xml' },
      ]);
      expect(response.status, response.text).toBe(200);
      const file = await server.client().get(`/api/v1/branding/${response.body.branding_background_image!}`);
      expect(file.headers.get('content-type')).toBe(type);
    }
  });

  it.each([
    ['an SVG with a script', SCRIPTED_SVG, 'logo.svg', 'image/svg+xml'],
    ['a PNG with an HTML page after it', PNG_HTML_POLYGLOT, 'logo.png', 'image/png'],
    ['a PNG hiding a script in a text chunk', PNG_WITH_SCRIPT_TEXT, 'logo.png', 'image/png'],
    ['text named .png', Buffer.from('just some text, not an image'), 'logo.png', 'image/png'],
    ['a PNG cut short', LOGO.subarray(0, LOGO.length - 12), 'logo.png', 'image/png'],
  ])('refuses %s with 415 image_files_only naming the part, and saves nothing', async (_what, bytes, fileName, type) => {
    const before = await files();
    const response = await saveOrganisation(callers.resellerAdmin, EU_CUSTOMER, { name: 'Renamed by a refused save' }, [
      { part: 'image', bytes, fileName, type },
    ]);
    expect([response.status, response.body.code, response.body.parameter]).toEqual([415, 'image_files_only', 'image']);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await loadOrganisation(callers.root, EU_CUSTOMER)).record.name).toBe('EU Customer GmbH');
    expect(await files()).toBe(before);
  });

  it('refuses a file over 2 MB (413 file_too_large naming it), and a body of 20 MB before reading it (413)', async () => {
    const big = Buffer.concat([LOGO, Buffer.alloc(2 * 1024 * 1024)]);
    const over = await saveOrganisation(callers.resellerAdmin, EU_CUSTOMER, {}, [{ part: 'image', bytes: big, type: 'image/png' }]);
    expect([over.status, over.body.code, over.body.parameter]).toEqual([413, 'file_too_large', 'image']);
    const huge = await saveOrganisation(callers.resellerAdmin, EU_CUSTOMER, {}, [
      { part: 'image', bytes: Buffer.alloc(20 * 1024 * 1024), type: 'image/png' },
    ]);
    expect([huge.status, huge.body.code]).toEqual([413, 'payload_too_large']);
  });

  it('refuses a multipart body without its jsonBody, with a part it does not take, or unreadable (400), and other types (415)', async () => {
    const csrf = { 'x-csrf-token': callers.resellerAdmin.csrfToken() ?? '' };
    const path = `/api/v1/organisations/${EU_CUSTOMER}`;
    const { record } = await loadOrganisation(callers.resellerAdmin, EU_CUSTOMER);
    const noJson = new FormData();
    noJson.append('image', new Blob([new Uint8Array(LOGO)]), 'logo.png');
    expect((await callers.resellerAdmin.request<Problem>('PUT', path, noJson, csrf)).body).toMatchObject({
      code: 'invalid_body',
      parameter: 'jsonBody',
    });
    const extra = multipartBody(record, [{ part: 'script', bytes: LOGO }]);
    expect((await callers.resellerAdmin.request<Problem>('PUT', path, extra, csrf)).body).toMatchObject({
      code: 'invalid_body',
      parameter: 'script',
    });
    const twice = multipartBody(record, []);
    twice.append('jsonBody', '{}');
    expect((await callers.resellerAdmin.request<Problem>('PUT', path, twice, csrf)).body).toMatchObject({
      code: 'invalid_body',
      parameter: 'jsonBody',
    });
    const broken = await callers.resellerAdmin.request<Problem>('PUT', path, '--x\r\nnonsense', {
      ...csrf,
      'content-type': 'multipart/form-data; boundary=x',
    });
    expect([broken.status, broken.body.code]).toEqual([400, 'invalid_body']);
    const text = await callers.resellerAdmin.request<Problem>('PUT', path, 'name=x', { ...csrf, 'content-type': 'text/plain' });
    expect([text.status, text.body.code]).toEqual([415, 'unsupported_media_type']);
    // The JSON part is validated as a JSON body is.
    const unknown = multipartBody({ ...record, colour: 'red' }, []);
    expect((await callers.resellerAdmin.request<Problem>('PUT', path, unknown, csrf)).body).toMatchObject({
      code: 'invalid_body',
      parameter: 'colour',
    });
  });

  it('replaces an image (the old one is gone), keeps it when its token comes back, and removes it when sent null', async () => {
    const first = await saveOrganisation(callers.root, CUSTOMER_BRANCH, {}, [{ part: 'image', bytes: LOGO, type: 'image/png' }]);
    const second = await saveOrganisation(callers.root, CUSTOMER_BRANCH, {}, [{ part: 'image', bytes: TINY_GIF, type: 'image/gif' }]);
    expect(second.body.branding_image).not.toBe(first.body.branding_image);
    expect((await server.client().get(`/api/v1/branding/${first.body.branding_image!}`)).status).toBe(404);
    const kept = await saveOrganisation(callers.root, CUSTOMER_BRANCH, { footer_text: 'Kept' });
    expect(kept.body.branding_image).toBe(second.body.branding_image);
    const foreign = await saveOrganisation(callers.root, CUSTOMER_BRANCH, { branding_image: 'f'.repeat(32) });
    expect([foreign.status, foreign.body.code, foreign.body.parameter]).toEqual([422, 'branding_file_unknown', 'branding_image']);
    const removed = await saveOrganisation(callers.root, CUSTOMER_BRANCH, { branding_image: null });
    expect(removed.body.branding_image).toBeNull();
    expect((await server.client().get(`/api/v1/branding/${second.body.branding_image!}`)).status).toBe(404);
    expect((await server.client().get('/api/v1/branding/not-a-token')).status).toBe(404);
  });

  it('creates an organisation with its logo in the same multipart request', async () => {
    const body = { name: 'Branded Customer', parent: RESELLER, supplier_account_manager: 3, nav_bar_colour: '#336699' };
    const response = await callers.resellerAdmin.request<Organisation>(
      'POST',
      '/api/v1/organisations',
      multipartBody(body, [{ part: 'image', bytes: LOGO, type: 'image/png' }]),
      {
        'x-csrf-token': callers.resellerAdmin.csrfToken() ?? '',
      },
    );
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({
      name: 'Branded Customer',
      nav_bar_colour: '#336699',
      branding_image: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it('gives each organisation’s users its own branding, field by field, else its nearest ancestor’s', async () => {
    // The reseller's colour, footer and fonts (demo); the customer's own logo and footer from the first test.
    const customer = await effectiveBranding(server.db, CUSTOMER);
    const reseller = await loadOrganisation(callers.root, RESELLER);
    const own = await loadOrganisation(callers.root, CUSTOMER);
    expect(customer).toEqual({
      image: own.record.branding_image,
      background_image: null,
      nav_bar_colour: '#1f4e79',
      footer_text: 'Customer Co, Leeds',
      heading_font: 'Georgia',
      text_body_font: 'Arial',
    });
    expect((await effectiveBranding(server.db, RESELLER)).footer_text).toBe(reseller.record.footer_text);
    expect(await effectiveBranding(server.db, 1)).toEqual({
      image: null,
      background_image: null,
      nav_bar_colour: null,
      footer_text: null,
      heading_font: null,
      text_body_font: null,
    });
  });
});
