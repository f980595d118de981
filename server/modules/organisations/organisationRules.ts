import { DomainError, invalidValue } from '../../domain/errors';
import type { SessionUser } from '../auth/sessionUser';

/**
 * The rules of an organisation's definition the schema cannot say (002 §2.4, §3, §4, §5;
 * docs/backoffice.md "Organisation editor"), applied to the organisation as it would be after the
 * save: the stored record merged with what was sent.
 */

/**
 * 002 §2.4 "Root users see the linked accounts, price list and catalogue fields": those, and what
 * ties an organisation to the supplier's accounting and commerce (its billing account and link,
 * its holds, the modules it subscribes to), are the supplier's to set.
 */
export const ROOT_ONLY_FIELDS = [
  'assigned_price_list',
  'catalogue',
  'billing_account',
  'is_linked',
  'is_on_hold',
  'on_credit_hold',
  'subscribed_modules',
  'quote_approval_discount',
] as const;
/** 002 §2.4 "Root admin users additionally see the base URL field". */
export const ROOT_ADMIN_ONLY_FIELDS = ['base_url'] as const;

/** What a new organisation holds when a field is left out (002 §3, §9; the entity's defaults). */
export const NEW_ORGANISATION_DEFAULTS: Readonly<Record<string, unknown>> = {
  assigned_price_list: null,
  catalogue: null,
  billing_account: null,
  is_linked: false,
  is_on_hold: false,
  on_credit_hold: false,
  subscribed_modules: ['WEBSTORE'],
  base_url: null,
  quote_approval_discount: null,
};

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const forbiddenField = (field: string, detail: string) => new DomainError('forbidden', 'forbidden_field', { field, detail });

/**
 * A field the caller may not set must keep its value: on an update the stored one, on a create
 * the default. Sent unchanged (the record sent back as its GET answered it), it passes; another
 * value is 403 forbidden_field naming it, never silently dropped.
 */
export function refuseRestrictedFields(
  user: SessionUser,
  body: Readonly<Record<string, unknown>>,
  current: Readonly<Record<string, unknown>>,
  ownOrganisation: boolean,
): void {
  const restricted: string[] = [];
  if (!user.root) restricted.push(...ROOT_ONLY_FIELDS);
  if (!(user.root && user.admin)) restricted.push(...ROOT_ADMIN_ONLY_FIELDS);
  // Nobody outside the supplier gives their own organisation the right to create resellers, or
  // chooses which of the supplier's account managers looks after it.
  if (ownOrganisation && !user.root) restricted.push('can_create_resellers', 'supplier_account_manager', 'new_supplier_account_manager');
  for (const field of restricted) {
    if (field in body && !same(body[field], current[field])) throw forbiddenField(field, `${field} is not yours to change`);
  }
}

/** 002 §4, §5: an organisation that creates resellers neither requires PO numbers nor forces their uniqueness. */
export function withPoRules<T extends Record<string, unknown>>(values: T, merged: Readonly<Record<string, unknown>>): T {
  return merged['can_create_resellers'] === true ? { ...values, po_number_required: false, force_po_uniqueness: false } : values;
}

const COLOUR = /^#[0-9A-Fa-f]{6}$/;
// Font family names as CSS lists them: letters, digits, spaces, hyphens, quotes and commas. Nothing
// that could end a declaration (;), open a block ({) or call a function ((), url(…)).
const FONT = /^[\p{L}\p{N} ,'"-]+$/u;

/**
 * Branding values go into style rules of the portal, e-mails and PDFs (docs/backoffice.md
 * "Custom branding"): a colour as #rrggbb, fonts as plain family names, a base URL as http(s).
 */
export function checkDefinitionFormats(values: Readonly<Record<string, unknown>>): void {
  const colour = values['nav_bar_colour'];
  if (typeof colour === 'string' && colour.trim() !== '' && !COLOUR.test(colour.trim()))
    throw invalidValue('nav_bar_colour', 'a colour as #rrggbb');
  for (const field of ['heading_font', 'text_body_font']) {
    const font = values[field];
    if (typeof font === 'string' && font.trim() !== '' && !FONT.test(font.trim()))
      throw invalidValue(field, 'font family names: letters, digits, spaces, hyphens, quotes and commas');
  }
  const baseUrl = values['base_url'];
  if (typeof baseUrl === 'string' && baseUrl.trim() !== '') {
    const url = URL.canParse(baseUrl.trim()) ? new URL(baseUrl.trim()) : undefined;
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.username !== '' || url.password !== '')
      throw invalidValue('base_url', 'an http or https address');
  }
  const limit = values['order_manual_auth_limit'];
  if (typeof limit === 'string' && limit.startsWith('-')) throw invalidValue('order_manual_auth_limit', 'not negative');
}

/**
 * 002 §5: "When the root organisation edits itself, [account manager] e-mails must be on the
 * provider's own domain": the host of its base URL or a domain above it (hub.supplier.example
 * takes alice@supplier.example), never a bare top-level domain. Without a base URL the provider
 * has not said which domain is its own, and the rule waits for one (as for a localhost or IP address).
 */
export function providerDomainAllows(baseUrl: unknown, email: string): boolean {
  if (typeof baseUrl !== 'string' || !URL.canParse(baseUrl)) return true;
  const host = new URL(baseUrl).hostname.toLowerCase();
  const labels = host.split('.');
  // A host of one label (localhost) or an IP address names no domain of the provider's.
  if (labels.length < 2 || /^[\d.]+$/.test(host) || host.startsWith('[')) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const domains = labels.slice(0, -1).map((_label, i) => labels.slice(i).join('.'));
  return domains.includes(domain);
}
