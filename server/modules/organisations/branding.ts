import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { IMAGE_EXTENSIONS } from '../../../shared/files/imageType';
import { DomainError } from '../../domain/errors';
import type { UploadedFile } from '../../generated/types';
import type { Handler } from '../../http/operationDef';
import type { Records } from '../../writes/records';

/**
 * Custom branding (002 §2.4, §3; docs/backoffice.md "Custom branding"): an organisation's logo,
 * background image, navigation bar colour, footer text and fonts. Images are kept in the database
 * (branding_files), written in the transaction of the save that sent them, and served by a token
 * of 128 random bits at GET /api/v1/branding/{token}: public, so that e-mails and the sign-in page
 * can show them, and found only by those given the address.
 */

/** The branding fields of an organisation; the images by their tokens. */
export interface Branding {
  image: string | null;
  background_image: string | null;
  nav_bar_colour: string | null;
  footer_text: string | null;
  heading_font: string | null;
  text_body_font: string | null;
}

const COLUMNS: Readonly<Record<keyof Branding, string>> = {
  image: 'branding_image',
  background_image: 'branding_background_image',
  nav_bar_colour: 'nav_bar_colour',
  footer_text: 'footer_text',
  heading_font: 'heading_font',
  text_body_font: 'text_body_font',
};

const TOKEN = /^[0-9a-f]{32}$/;

/** Where a branding image is served, under the portal's address (prefix it with the portal URL in an e-mail). */
export const brandingImagePath = (token: string) => `/api/v1/branding/${token}`;

/**
 * The branding an organisation's users see (their header and footer, the e-mails and PDFs sent to
 * them): each field from the nearest organisation up the tree that sets it, the organisation
 * itself first, so a reseller's customers carry the reseller's logo until they upload their own,
 * and keep it if they only change their footer. Every field null: the portal's own look.
 *
 * For other modules (e-mails, PDFs): `effectiveBranding(db, user.organisation)`, then
 * `brandingImagePath(branding.image)` after the portal's URL for an image.
 */
export async function effectiveBranding(db: Knex, organisationId: number): Promise<Branding> {
  return brandingOf(await treeRows(db, organisationId, Object.values(COLUMNS)));
}

/** The branding columns a tree row must carry for brandingOf. */
export const BRANDING_COLUMNS: readonly string[] = Object.values(COLUMNS);

/** The organisation's row and its ancestors' (the nearest first), with `columns`. */
export async function treeRows(db: Knex, organisationId: number, columns: readonly string[]): Promise<Record<string, string | null>[]> {
  const own = (await db('organisations').where('id', organisationId).first('tree_path')) as { tree_path: string } | undefined;
  const ids = String(own?.tree_path ?? '')
    .split('/')
    .filter(Boolean)
    .map(Number);
  return (await db('organisations')
    .whereIn('id', ids.length > 0 ? ids : [organisationId])
    .orderBy('depth', 'desc')
    .select([...columns])) as Record<string, string | null>[];
}

/** effectiveBranding's rule over tree rows already read (treeRows, with BRANDING_COLUMNS). */
export function brandingOf(rows: readonly Record<string, string | null>[]): Branding {
  const branding = {} as Branding;
  for (const [key, column] of Object.entries(COLUMNS) as [keyof Branding, string][]) {
    branding[key] = rows.map((row) => row[column]).find((value) => value !== null && value !== undefined && value !== '') ?? null;
  }
  return branding;
}

/** Keeps an uploaded image for the organisation and answers its token, in the caller's transaction. */
export async function storeBrandingFile(records: Records, organisationId: number, file: UploadedFile): Promise<string> {
  const token = randomBytes(16).toString('hex');
  await records.insert('branding_file', {
    token,
    organisation: organisationId,
    content_type: file.contentType,
    file_name: file.fileName,
    size: file.bytes.length,
    bytes: file.bytes,
    created_at: records.now().toISOString(),
  });
  return token;
}

/** Removes an image no longer shown (replaced or removed by a save). */
export async function dropBrandingFile(records: Records, token: string | null): Promise<void> {
  if (!token) return;
  const row = (await records.db('branding_files').where('token', token).first('id')) as { id: number } | undefined;
  if (row) await records.remove('branding_file', Number(row.id));
}

/**
 * What a save makes of one image field: a new file replaces it, null removes it, the token the
 * record shows keeps it; any other token is 422 branding_file_unknown (an image removed meanwhile).
 * Answers the token to store, or undefined to leave the field as it is.
 */
export async function nextImage(
  records: Records,
  organisationId: number,
  field: string,
  sent: string | null | undefined,
  file: UploadedFile | undefined,
  current: string | null,
): Promise<string | null | undefined> {
  if (file) {
    const token = await storeBrandingFile(records, organisationId, file);
    await dropBrandingFile(records, current);
    return token;
  }
  if (sent === undefined || sent === current) return undefined;
  if (sent === null) {
    await dropBrandingFile(records, current);
    return null;
  }
  throw new DomainError('unprocessable', 'branding_file_unknown', { field, detail: 'not the image this organisation shows' });
}

const missingImage = () => new DomainError('not_found', 'branding_image_not_found');

/** GET /api/v1/branding/{token}: the image with its own type, cached for a year (a new image gets a new token). */
export const getBrandingFile: Handler<'getBrandingFile'> = async ({ params }, context) => {
  if (!TOKEN.test(params.token)) throw missingImage();
  const row = (await context.db('branding_files').where('token', params.token).first('bytes', 'content_type')) as
    { bytes: Buffer; content_type: keyof typeof IMAGE_EXTENSIONS } | undefined;
  if (!row) throw missingImage();
  return {
    content: Buffer.from(row.bytes),
    contentType: row.content_type,
    fileName: `branding.${IMAGE_EXTENSIONS[row.content_type]}`,
    cacheControl: 'public, max-age=31536000, immutable',
  };
};
