import type { Knex } from 'knex';
import { effectiveBranding } from './branding';

/**
 * The branding a document sent to an organisation's users carries (issue 17 "Branding applied":
 * the e-mails and PDFs sent to them): its effective logo (own or inherited), navigation-bar colour
 * and footer text. PDFs can embed PNG and JPEG only (pdf-lib); a GIF or WebP logo is left out of a
 * PDF rather than converted.
 */
export interface DocumentBranding {
  logo: { bytes: Uint8Array; type: 'image/png' | 'image/jpeg' } | null;
  /** #rrggbb, as the organisation editor accepts it. */
  colour: string | null;
  footer: string | null;
}

export const NO_BRANDING: DocumentBranding = { logo: null, colour: null, footer: null };

export async function documentBranding(db: Knex, organisationId: number): Promise<DocumentBranding> {
  const branding = await effectiveBranding(db, organisationId);
  let logo: DocumentBranding['logo'] = null;
  if (branding.image) {
    const row = (await db('branding_files').where('token', branding.image).first('bytes', 'content_type')) as
      { bytes: Buffer; content_type: string } | undefined;
    if (row && (row.content_type === 'image/png' || row.content_type === 'image/jpeg'))
      logo = { bytes: new Uint8Array(row.bytes), type: row.content_type };
  }
  const colour = branding.nav_bar_colour && /^#[0-9a-fA-F]{6}$/.test(branding.nav_bar_colour) ? branding.nav_bar_colour : null;
  return { logo, colour, footer: branding.footer_text?.trim() || null };
}
