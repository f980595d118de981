import type { components } from '../../runtime/generated/api';
import { recordScreens } from '../../runtime/generated/screens';

/**
 * The organisation editor's working copy (002 §2.4, §3, §4) and the bodies it saves: text fields as
 * typed ('' for empty), references by id, the lists with a key per row, images as the token shown
 * or a file chosen. What the server answers is the record (schema Organisation).
 */

type Schemas = components['schemas'];
export type Organisation = Schemas['Organisation'];
export type AccountManager = Schemas['AccountManager'];
export type OrganisationInput = Schemas['OrganisationInput'];
export type OrganisationUpdate = Schemas['OrganisationUpdate'];

interface PropertySchema {
  maxLength?: number;
  pattern?: string;
  enum?: readonly (string | number | null)[];
  items?: { enum?: readonly (string | number)[] };
}
const definitions = recordScreens.organisation.schema.definitions as unknown as Record<
  string,
  { properties: Record<string, PropertySchema> }
>;

/** A property of the record's schemas (the spec's limits, patterns and enumerations: the server's own). */
export function schemaOf(schema: 'Organisation' | 'Address' | 'AccountManager', field: string): PropertySchema {
  return definitions[schema]?.properties[field] ?? {};
}

/** An enumeration's values as the record's schema lists them (null, a nullable enum's empty choice, apart). */
export function enumValues(field: string): (string | number)[] {
  const schema = schemaOf('Organisation', field);
  return [...(schema.enum ?? schema.items?.enum ?? [])].filter((value): value is string | number => value !== null);
}

export interface ManagerDraft {
  key: string;
  id?: number;
  account_manager_name: string;
  account_manager_email: string;
  account_manager_phone: string;
}

export const ADDRESS_FIELDS = [
  'name',
  'company_name',
  'recipient_name',
  'addr_line_1',
  'addr_line_2',
  'city',
  'region',
  'postal_code',
  'country_code',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
/** 002 §5: the fields an address needs. */
export const REQUIRED_ADDRESS_FIELDS: readonly AddressField[] = [
  'name',
  'company_name',
  'addr_line_1',
  'city',
  'postal_code',
  'country_code',
];
export type AddressDraft = { key: string; id?: number } & Record<AddressField, string>;

export interface FirstAdminDraft {
  first_admin_name: string;
  first_admin_email: string;
  first_admin_timezone: string;
}

/** An image: the token of the one shown (null: none), or a file chosen to replace it (`upload`, its key in the files kept beside). */
export interface ImageDraft {
  token: string | null;
  upload: { key: string; name: string; size: number } | null;
}

export const NEW_MANAGER = 'new';

export interface DefinitionDraft {
  name: string;
  parent: number | null;
  status: string;
  currency: string;
  finance_type: string;
  can_create_resellers: boolean;
  po_number_required: boolean;
  force_po_uniqueness: boolean;
  orders_require_manual_auth: boolean;
  order_manual_auth_limit: string;
  preferred_language: string;
  user_inactivity_timeout: number;
  admin_email: string;
  subscribed_modules: string[];
  is_on_hold: boolean;
  on_credit_hold: boolean;
  billing_account: string;
  /** 001 §4 approval (docs/quotes.md): a quote line's discount above it needs quote:approve; blank, never. */
  quote_approval_discount: string;
  is_linked: boolean;
  assigned_price_list: number | null;
  catalogue: number | null;
  base_url: string;
  /** An id of the parent's account managers, NEW_MANAGER for a new one (`new_manager`), or null. */
  supplier_account_manager: number | typeof NEW_MANAGER | null;
  new_manager: { account_manager_name: string; account_manager_email: string; account_manager_phone: string };
}

export interface BrandingDraft {
  image: ImageDraft;
  background_image: ImageDraft;
  nav_bar_colour: string;
  footer_text: string;
  heading_font: string;
  text_body_font: string;
}

export interface OrganisationDraft {
  definition: DefinitionDraft;
  branding: BrandingDraft;
  account_managers: ManagerDraft[];
  addresses: AddressDraft[];
  /** New organisations only: null when no first admin is to be created. */
  first_admin: FirstAdminDraft | null;
  template_roles: number[];
}

let keys = 0;
/** A key for a row added in the editor (rows from the server use their id). */
export const newKey = () => `new-${++keys}`;

const text = (value: string | null | undefined) => value ?? '';
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

const EMPTY_MANAGER = { account_manager_name: '', account_manager_email: '', account_manager_phone: '' };

export function emptyAddress(): AddressDraft {
  return { key: newKey(), ...(Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, ''])) as Record<AddressField, string>) };
}

export function emptyManager(): ManagerDraft {
  return { key: newKey(), ...EMPTY_MANAGER };
}

/** The working copy of a saved organisation. */
export function draftOf(record: Organisation): OrganisationDraft {
  return {
    definition: {
      name: record.name,
      parent: record.parent?.id ?? null,
      status: record.status,
      currency: record.currency,
      finance_type: text(record.finance_type),
      can_create_resellers: record.can_create_resellers,
      po_number_required: record.po_number_required,
      force_po_uniqueness: record.force_po_uniqueness,
      orders_require_manual_auth: record.orders_require_manual_auth,
      order_manual_auth_limit: text(record.order_manual_auth_limit),
      preferred_language: record.preferred_language,
      user_inactivity_timeout: record.user_inactivity_timeout,
      admin_email: text(record.admin_email),
      subscribed_modules: [...record.subscribed_modules],
      is_on_hold: record.is_on_hold,
      on_credit_hold: record.on_credit_hold,
      billing_account: text(record.billing_account),
      quote_approval_discount: text(record.quote_approval_discount),
      is_linked: record.is_linked,
      assigned_price_list: record.assigned_price_list?.id ?? null,
      catalogue: record.catalogue?.id ?? null,
      base_url: text(record.base_url),
      supplier_account_manager: record.supplier_account_manager?.id ?? null,
      new_manager: { ...EMPTY_MANAGER },
    },
    branding: {
      image: { token: record.branding_image, upload: null },
      background_image: { token: record.branding_background_image, upload: null },
      nav_bar_colour: text(record.nav_bar_colour),
      footer_text: text(record.footer_text),
      heading_font: text(record.heading_font),
      text_body_font: text(record.text_body_font),
    },
    account_managers: record.account_managers.map((manager) => ({
      key: `id-${manager.id}`,
      id: manager.id,
      account_manager_name: manager.account_manager_name,
      account_manager_email: manager.account_manager_email,
      account_manager_phone: text(manager.account_manager_phone),
    })),
    addresses: record.addresses.map((address) => ({
      key: `id-${address.id}`,
      id: address.id,
      ...(Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, text(address[field])])) as Record<AddressField, string>),
    })),
    first_admin: null,
    template_roles: [],
  };
}

/** 002 §3, §9 defaults of a new organisation, under the caller's own organisation until another parent is chosen. */
export function newDraft(parent: number | null): OrganisationDraft {
  return {
    definition: {
      name: '',
      parent,
      status: 'ENABLED',
      currency: 'GBP',
      finance_type: '',
      can_create_resellers: false,
      po_number_required: false,
      force_po_uniqueness: false,
      orders_require_manual_auth: false,
      order_manual_auth_limit: '',
      preferred_language: 'en',
      user_inactivity_timeout: 86400,
      admin_email: '',
      subscribed_modules: ['WEBSTORE'],
      is_on_hold: false,
      on_credit_hold: false,
      billing_account: '',
      quote_approval_discount: '',
      is_linked: false,
      assigned_price_list: null,
      catalogue: null,
      base_url: '',
      supplier_account_manager: null,
      new_manager: { ...EMPTY_MANAGER },
    },
    branding: {
      image: { token: null, upload: null },
      background_image: { token: null, upload: null },
      nav_bar_colour: '',
      footer_text: '',
      heading_font: '',
      text_body_font: '',
    },
    account_managers: [],
    addresses: [],
    first_admin: null,
    template_roles: [],
  };
}

/** 002 §4: "When can_create_resellers becomes true, po_number_required and force_po_uniqueness are set to false." */
export function withDefinition(draft: OrganisationDraft, changes: Partial<DefinitionDraft>): OrganisationDraft {
  const definition = { ...draft.definition, ...changes };
  if (changes.can_create_resellers === true) Object.assign(definition, { po_number_required: false, force_po_uniqueness: false });
  return { ...draft, definition };
}

/** The definition as both saves send it; the supplier's fields only from root users (others send the record's back). */
function definitionBody(definition: DefinitionDraft) {
  const chosen = definition.supplier_account_manager;
  const { account_manager_name, account_manager_email, account_manager_phone } = definition.new_manager;
  return {
    name: definition.name.trim(),
    finance_type: (orNull(definition.finance_type) ?? null) as Organisation['finance_type'],
    can_create_resellers: definition.can_create_resellers,
    po_number_required: definition.po_number_required,
    force_po_uniqueness: definition.force_po_uniqueness,
    orders_require_manual_auth: definition.orders_require_manual_auth,
    order_manual_auth_limit: orNull(definition.order_manual_auth_limit),
    preferred_language: definition.preferred_language as Organisation['preferred_language'],
    user_inactivity_timeout: definition.user_inactivity_timeout as Organisation['user_inactivity_timeout'],
    admin_email: orNull(definition.admin_email),
    subscribed_modules: definition.subscribed_modules as Organisation['subscribed_modules'],
    is_on_hold: definition.is_on_hold,
    on_credit_hold: definition.on_credit_hold,
    billing_account: orNull(definition.billing_account),
    quote_approval_discount: orNull(definition.quote_approval_discount),
    is_linked: definition.is_linked,
    assigned_price_list: definition.assigned_price_list,
    catalogue: definition.catalogue,
    base_url: orNull(definition.base_url),
    supplier_account_manager: chosen === NEW_MANAGER ? null : chosen,
    new_supplier_account_manager:
      chosen === NEW_MANAGER ? { account_manager_name, account_manager_email, account_manager_phone: orNull(account_manager_phone) } : null,
  };
}

function brandingBody(branding: BrandingDraft) {
  return {
    nav_bar_colour: orNull(branding.nav_bar_colour),
    footer_text: orNull(branding.footer_text),
    heading_font: orNull(branding.heading_font),
    text_body_font: orNull(branding.text_body_font),
  };
}

function listsBody(draft: OrganisationDraft) {
  return {
    account_managers: draft.account_managers.map(({ id, account_manager_name, account_manager_email, account_manager_phone }) => ({
      ...(id !== undefined && { id }),
      account_manager_name,
      account_manager_email,
      account_manager_phone: orNull(account_manager_phone),
    })),
    addresses: draft.addresses.map((address) => ({
      ...(address.id !== undefined && { id: address.id }),
      ...(Object.fromEntries(
        ADDRESS_FIELDS.map((field) => [field, REQUIRED_ADDRESS_FIELDS.includes(field) ? address[field].trim() : orNull(address[field])]),
      ) as Record<AddressField, string>),
    })),
  };
}

/** PUT /organisations/{id}: the record as loaded with the edits on top (002 §7), an image's token kept unless replaced (the file goes beside) or removed. */
export function updateBody(record: Organisation, draft: OrganisationDraft): OrganisationUpdate {
  return {
    ...record,
    ...definitionBody(draft.definition),
    ...brandingBody(draft.branding),
    branding_image: draft.branding.image.token,
    branding_background_image: draft.branding.background_image.token,
    ...listsBody(draft),
  } as OrganisationUpdate;
}

/** POST /organisations: a new organisation with its parent, first admin and template roles. */
export function createBody(draft: OrganisationDraft): OrganisationInput {
  const { definition } = draft;
  return {
    ...definitionBody(definition),
    parent: definition.parent,
    status: definition.status as Organisation['status'],
    currency: definition.currency as Organisation['currency'],
    ...brandingBody(draft.branding),
    ...listsBody(draft),
    first_admin: draft.first_admin && {
      first_admin_name: draft.first_admin.first_admin_name.trim(),
      first_admin_email: draft.first_admin.first_admin_email.trim(),
      first_admin_timezone: draft.first_admin.first_admin_timezone,
    },
    template_roles: draft.template_roles,
  } as OrganisationInput;
}
