import { ADDRESS_FIELDS, NEW_MANAGER, REQUIRED_ADDRESS_FIELDS, schemaOf, type OrganisationDraft } from './organisationDraft';

/**
 * 002 §5 organisation rules as the editor checks them before Save (the server checks them all
 * again): each problem keyed by where it shows ("definition.name", "addresses.<key>",
 * "account_managers.<key>.account_manager_email"), its value a message key, or a key and values.
 * A tab is valid when none of its keys has a problem (002 §4 "save only when all tabs are valid").
 */

export type Problem = { key: string; values?: Record<string, string> };
export type Problems = Record<string, Problem>;

export type EditorTab = 'definition' | 'account_managers' | 'branding' | 'addresses' | 'first_admin' | 'template_roles';

export interface CheckContext {
  /** A new organisation (parent required, first admin checked). */
  creating: boolean;
  /** The organisation is the root of the tree: no parent, no supplier account manager; its managers on the provider's domain. */
  isRoot: boolean;
  /** The caller sees the supplier's fields (root), and those of root admins. */
  root: boolean;
  rootAdmin: boolean;
  /** How many linked accounts the organisation has: with more than one it names its billing account (002 §5). */
  linkedAccounts: number;
  /** The caller may choose the supplier account manager (not on their own organisation, unless root). */
  choosesManager: boolean;
}

const EMAIL = new RegExp(schemaOf('AccountManager', 'account_manager_email').pattern ?? '^\\S+@\\S+\\.[A-Za-z]{2,15}$');
const COLOUR = /^#[0-9A-Fa-f]{6}$/;
const FONT = /^[\p{L}\p{N} ,'"-]+$/u;
const MONEY = /^\d+(\.\d{1,4})?$/;

export const isEmail = (value: string) => EMAIL.test(value.trim());

/** The provider's domain (002 §5 "Email must be @{host}"): the root organisation's base URL's host without its first label, or the host itself. */
export function providerHost(baseUrl: string): string | null {
  if (!URL.canParse(baseUrl.trim())) return null;
  const host = new URL(baseUrl.trim()).hostname.toLowerCase();
  const labels = host.split('.');
  if (labels.length < 2 || /^[\d.]+$/.test(host) || host.startsWith('[')) return null;
  return labels.length > 2 ? labels.slice(1).join('.') : host;
}

/** Whether an e-mail lies on the base URL's host or a domain above it (as the server judges, organisationRules.ts). */
export function onProviderDomain(baseUrl: string, email: string): boolean {
  if (!URL.canParse(baseUrl.trim())) return true;
  const host = new URL(baseUrl.trim()).hostname.toLowerCase();
  const labels = host.split('.');
  if (labels.length < 2 || /^[\d.]+$/.test(host) || host.startsWith('[')) return true;
  const domain = email
    .trim()
    .slice(email.trim().lastIndexOf('@') + 1)
    .toLowerCase();
  return labels.slice(0, -1).some((_label, i) => labels.slice(i).join('.') === domain);
}

function tooLong(value: string, schema: 'Organisation' | 'Address' | 'AccountManager', field: string): boolean {
  const max = schemaOf(schema, field).maxLength;
  return max !== undefined && [...value.trim()].length > max;
}

function definitionProblems(draft: OrganisationDraft, context: CheckContext, problems: Problems): void {
  const { definition } = draft;
  const put = (field: string, key: string, values?: Record<string, string>) =>
    (problems[`definition.${field}`] ??= { key, ...(values && { values }) });
  if (definition.name.trim() === '') put('name', 'field_required');
  else if (tooLong(definition.name, 'Organisation', 'name')) put('name', 'field_too_long');
  if (context.creating && definition.parent === null) put('parent', 'field_required');
  if (definition.admin_email.trim() !== '' && !isEmail(definition.admin_email)) put('admin_email', 'organisations.email_invalid');
  if (definition.order_manual_auth_limit.trim() !== '' && !MONEY.test(definition.order_manual_auth_limit.trim()))
    put('order_manual_auth_limit', 'field_decimal');
  if (context.root && context.linkedAccounts > 1 && definition.billing_account.trim() === '')
    put('billing_account', 'organisations.billing_account_required');
  if (
    context.rootAdmin &&
    definition.base_url.trim() !== '' &&
    !(URL.canParse(definition.base_url.trim()) && /^https?:$/.test(new URL(definition.base_url.trim()).protocol))
  )
    put('base_url', 'organisations.url_invalid');
  if (!context.isRoot && context.choosesManager) {
    if (definition.supplier_account_manager === null) put('supplier_account_manager', 'field_required');
    if (definition.supplier_account_manager === NEW_MANAGER) {
      if (definition.new_manager.account_manager_name.trim() === '') put('new_manager.account_manager_name', 'field_required');
      if (!isEmail(definition.new_manager.account_manager_email)) put('new_manager.account_manager_email', 'organisations.email_invalid');
    }
  }
}

function brandingProblems(draft: OrganisationDraft, problems: Problems): void {
  const { branding } = draft;
  if (branding.nav_bar_colour.trim() !== '' && !COLOUR.test(branding.nav_bar_colour.trim()))
    problems['branding.nav_bar_colour'] = { key: 'organisations.colour_invalid' };
  for (const field of ['heading_font', 'text_body_font'] as const) {
    if (branding[field].trim() !== '' && !FONT.test(branding[field].trim()))
      problems[`branding.${field}`] = { key: 'organisations.font_invalid' };
  }
  if (tooLong(branding.footer_text, 'Organisation', 'footer_text')) problems['branding.footer_text'] = { key: 'field_too_long' };
}

/** 002 §5: name and e-mail required, e-mails valid and unique in any case; the root organisation's on the provider's domain. */
function managerProblems(draft: OrganisationDraft, context: CheckContext, problems: Problems): void {
  const seen = new Set<string>();
  const host = context.isRoot ? providerHost(draft.definition.base_url) : null;
  for (const manager of draft.account_managers) {
    const at = `account_managers.${manager.key}`;
    if (manager.account_manager_name.trim() === '') problems[`${at}.account_manager_name`] = { key: 'field_required' };
    const email = manager.account_manager_email.trim().toLowerCase();
    const duplicate = seen.has(email);
    seen.add(email);
    if (host !== null && (duplicate || !isEmail(email) || !onProviderDomain(draft.definition.base_url, email)))
      problems[`${at}.account_manager_email`] = { key: 'organisations.provider_domain', values: { host } };
    else if (duplicate || !isEmail(email)) problems[`${at}.account_manager_email`] = { key: 'organisations.email_invalid' };
  }
}

/** 002 §5: an incomplete address gets the error flag (its whole row), with the tooltip of the catalogue. */
function addressProblems(draft: OrganisationDraft, problems: Problems): void {
  for (const address of draft.addresses) {
    const incomplete =
      REQUIRED_ADDRESS_FIELDS.some((field) => address[field].trim() === '') ||
      ADDRESS_FIELDS.some((field) => tooLong(address[field], 'Address', field));
    if (incomplete) problems[`addresses.${address.key}`] = { key: 'organisations.address_incomplete' };
  }
}

/** 002 §5 first admin: name, a valid e-mail and a time zone, all required. */
function firstAdminProblems(draft: OrganisationDraft, problems: Problems): void {
  const admin = draft.first_admin;
  if (!admin) return;
  if (admin.first_admin_name.trim() === '') problems['first_admin.first_admin_name'] = { key: 'field_required' };
  if (!isEmail(admin.first_admin_email)) problems['first_admin.first_admin_email'] = { key: 'organisations.email_invalid' };
  if (admin.first_admin_timezone === '') problems['first_admin.first_admin_timezone'] = { key: 'field_required' };
}

export function problemsOf(draft: OrganisationDraft, context: CheckContext): Problems {
  const problems: Problems = {};
  definitionProblems(draft, context, problems);
  brandingProblems(draft, problems);
  managerProblems(draft, context, problems);
  addressProblems(draft, problems);
  if (context.creating) firstAdminProblems(draft, problems);
  return problems;
}

/** Whether a tab holds a problem (its tab is marked, and Save waits). */
export function tabInvalid(problems: Problems, tab: EditorTab): boolean {
  return Object.keys(problems).some((key) => key.startsWith(`${tab}.`));
}

const DEFINITION_PARENTS: Readonly<Record<string, string>> = { new_supplier_account_manager: 'definition.new_manager' };
const BRANDING_FIELDS = new Set([
  'nav_bar_colour',
  'footer_text',
  'heading_font',
  'text_body_font',
  'branding_image',
  'branding_background_image',
  'image',
  'background_image',
]);

/**
 * Where the editor shows a problem the server named (its `parameter`): a list item's field by its
 * row's key (`account_managers[1].account_manager_email`), a definition or branding field, the
 * first admin's; null for one that names no field of the editor (shown above the buttons).
 */
export function problemLocation(parameter: string | undefined, draft: OrganisationDraft): string | null {
  if (!parameter) return null;
  const item = /^(account_managers|addresses)\[(\d+)\](?:\.(\w+))?$/.exec(parameter);
  if (item) {
    const [, list, index, field] = item;
    const row = list === 'account_managers' ? draft.account_managers[Number(index)] : draft.addresses[Number(index)];
    if (!row) return null;
    return list === 'addresses' ? `addresses.${row.key}` : `account_managers.${row.key}.${field ?? 'account_manager_email'}`;
  }
  const [head = '', ...rest] = parameter.split('.');
  if (DEFINITION_PARENTS[head]) return [DEFINITION_PARENTS[head], ...rest].join('.');
  if (head === 'first_admin') return parameter;
  if (head.startsWith('template_roles')) return 'template_roles.list';
  if (BRANDING_FIELDS.has(head)) return `branding.${head.replace(/^branding_/, '')}`;
  if (['jsonBody', 'account_managers', 'addresses'].includes(head)) return null;
  return `definition.${head}`;
}
