import type { Knex } from 'knex';
import type { EmailCommonContext } from '../../generated/emails';
import { BRANDING_COLUMNS, brandingImagePath, brandingOf, treeRows } from '../../modules/organisations/branding';
import { keptInTransaction } from '../../db/transactionGenerations';
import { settingsFrom } from '../../settings';
import type { Records } from '../../writes/records';
import type { EmailRecipient } from './renderEmail';

/** The portal's name in e-mails and authenticator apps. */
export const PORTAL_NAME = 'Reseller Hub';

/** A colour goes into a style attribute: only #rgb or #rrggbb, whatever was stored. */
const COLOUR = /^#(?:[0-9a-fA-F]{3}){1,2}$/;

/** The most organisation looks a process keeps per `access` version. */
const MAX_LOOKS = 10_000;

/** What an organisation's place in the tree gives its users' e-mails. */
interface OrganisationLook {
  portal: EmailCommonContext['portal'];
  branding: EmailCommonContext['branding'];
}

/** The columns of a user row that make them an e-mail's recipient (`users as u`). */
export const RECIPIENT_COLUMNS = ['u.email_address', 'u.name', 'u.user_language', 'u.timezone', 'u.organisation_id'] as const;

export interface RecipientRow {
  email_address: string;
  name: string | null;
  user_language: string | null;
  timezone: string | null;
  organisation_id: number;
}

/**
 * Recipients of e-mails with their common context (docs/spec.md "emails"): the portal's address is
 * that of their nearest organisation with a base URL (002 §3), else PUBLIC_URL; the branding is
 * what their users see in the portal (`effectiveBranding`: each field from the nearest
 * organisation up the tree that sets it, so a reseller's reaches its customers), none when no
 * field is set. The logo is the absolute address the portal serves it at (GET
 * /api/v1/branding/{token} after the recipient's portal address: public, since a mail client has
 * no session); without one the layout shows the portal's name. One look-up per organisation, kept
 * for the recipients of one change; given the writing transaction (`records`), kept per process
 * under the `access` data version (organisations bump it), so the e-mails of checkouts and order
 * actions read no organisation tree once warm.
 */
export class EmailRecipients {
  private readonly looks = new Map<number, Promise<OrganisationLook>>();

  constructor(
    private readonly db: Knex,
    private readonly records?: Records,
  ) {}

  private look(organisationId: number): Promise<OrganisationLook> {
    let look = this.looks.get(organisationId);
    if (!look) {
      look = this.kept(organisationId);
      this.looks.set(organisationId, look);
    }
    return look;
  }

  private kept(organisationId: number): Promise<OrganisationLook> {
    if (!this.records) return this.load(organisationId);
    return keptInTransaction(this.records, 'access', `email-look:${organisationId}`, MAX_LOOKS, () => this.load(organisationId));
  }

  private async load(organisationId: number): Promise<OrganisationLook> {
    // One read of the tree serves both: the nearest base URL and the branding's nearest fields.
    const rows = await treeRows(this.db, organisationId, ['base_url', ...BRANDING_COLUMNS]);
    const baseUrl = rows.map((row) => row['base_url']).find((value) => value !== null && value !== undefined && value !== '');
    const url = baseUrl ? String(baseUrl).replace(/\/+$/, '') : settingsFrom().publicUrl;
    const branding = brandingOf(rows);
    const colour = branding.nav_bar_colour && COLOUR.test(branding.nav_bar_colour) ? branding.nav_bar_colour : null;
    const logoUrl = branding.image ? `${url}${brandingImagePath(branding.image)}` : null;
    return {
      portal: { name: PORTAL_NAME, url },
      branding: colour || branding.footer_text || logoUrl ? { logo_url: logoUrl, colour, footer_text: branding.footer_text || null } : null,
    };
  }

  /** The portal's address for the users of an organisation (links in their e-mails start with it). */
  async portalUrl(organisationId: number): Promise<string> {
    return (await this.look(organisationId)).portal.url;
  }

  /** A user, from the RECIPIENT_COLUMNS of their row. */
  async user(row: RecipientRow): Promise<EmailRecipient> {
    const look = await this.look(Number(row.organisation_id));
    return { email_address: row.email_address, name: row.name, language: row.user_language, timezone: row.timezone, ...look };
  }

  /** Users, from their rows, in the rows' order (each organisation's look read once). */
  async users(rows: readonly RecipientRow[]): Promise<EmailRecipient[]> {
    const users: EmailRecipient[] = [];
    for (const row of rows) users.push(await this.user(row));
    return users;
  }

  /** An address that is no user's (a feed's delivery address), in an organisation's look and language. */
  async address(emailAddress: string, organisationId: number, language: string | null, timezone: string | null): Promise<EmailRecipient> {
    const look = await this.look(organisationId);
    return { email_address: emailAddress, name: null, language, timezone, ...look };
  }
}
