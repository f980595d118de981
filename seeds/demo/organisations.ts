/** The demo organisation tree: a distributor, two resellers and their customers, four levels deep. */
export interface DemoOrganisation {
  id: number;
  name: string;
  parent: number | null;
  currency: 'GBP' | 'EUR';
  finance_type: 'AGENT' | 'RESELLER' | null;
  can_create_resellers?: boolean;
  po_number_required?: boolean;
  force_po_uniqueness?: boolean;
  modules: ('WEBSTORE' | 'DOVETAIL')[];
  assigned_price_list?: number;
  status?: 'ENABLED' | 'DISABLED';
  admin_email?: string;
  /** The organisation's Dropbox team: a new team of that name clashes (000 §4, §5 team_name_exists). */
  team_name?: string;
}

export const SUPPLIER = 1;
export const RESELLER = 2;
export const CUSTOMER = 3;
export const EU_CUSTOMER = 4;
export const OTHER_RESELLER = 5;
export const OTHER_CUSTOMER = 6;
export const CUSTOMER_BRANCH = 7;
/** Disabled (002 §2.3: the organisations list's status filter shows it under DISABLED only). */
export const DORMANT_CUSTOMER = 8;

export const DEMO_ORGANISATIONS: DemoOrganisation[] = [
  {
    id: SUPPLIER,
    name: 'Supplier Distribution Ltd',
    parent: null,
    currency: 'GBP',
    finance_type: null,
    can_create_resellers: true,
    modules: ['WEBSTORE', 'DOVETAIL'],
  },
  {
    id: RESELLER,
    name: 'Reseller Partners UK Ltd',
    parent: SUPPLIER,
    currency: 'GBP',
    finance_type: 'RESELLER',
    can_create_resellers: true,
    modules: ['WEBSTORE'],
    assigned_price_list: 3,
    admin_email: 'it@reseller.example',
  },
  {
    id: CUSTOMER,
    name: 'Customer Co Ltd',
    parent: RESELLER,
    currency: 'GBP',
    finance_type: 'AGENT',
    po_number_required: true,
    force_po_uniqueness: true,
    modules: ['WEBSTORE', 'DOVETAIL'],
    team_name: 'Customer Co Team',
  },
  { id: EU_CUSTOMER, name: 'EU Customer GmbH', parent: RESELLER, currency: 'EUR', finance_type: null, modules: ['WEBSTORE'] },
  { id: OTHER_RESELLER, name: 'Other Reseller Ltd', parent: SUPPLIER, currency: 'GBP', finance_type: 'RESELLER', modules: ['WEBSTORE'] },
  { id: OTHER_CUSTOMER, name: 'Other Customer Ltd', parent: OTHER_RESELLER, currency: 'GBP', finance_type: null, modules: ['WEBSTORE'] },
  { id: CUSTOMER_BRANCH, name: 'Customer Co Branch', parent: CUSTOMER, currency: 'GBP', finance_type: 'AGENT', modules: ['WEBSTORE'] },
  {
    id: DORMANT_CUSTOMER,
    name: 'Dormant Trading Ltd',
    parent: OTHER_RESELLER,
    currency: 'GBP',
    finance_type: null,
    modules: ['WEBSTORE'],
    status: 'DISABLED',
  },
];

/** Rows for the organisations table, with the materialised tree path and depth of each. */
export function organisationRows(organisations: DemoOrganisation[] = DEMO_ORGANISATIONS): Record<string, unknown>[] {
  const byId = new Map(organisations.map((organisation) => [organisation.id, organisation]));
  const pathOf = (organisation: DemoOrganisation): number[] =>
    organisation.parent === null ? [organisation.id] : [...pathOf(byId.get(organisation.parent)!), organisation.id];
  return organisations.map((organisation) => {
    const path = pathOf(organisation);
    return {
      id: organisation.id,
      name: organisation.name,
      parent_id: organisation.parent,
      tree_path: `/${path.join('/')}/`,
      depth: path.length - 1,
      status: organisation.status ?? 'ENABLED',
      currency: organisation.currency,
      finance_type: organisation.finance_type,
      po_number_required: organisation.po_number_required ?? false,
      force_po_uniqueness: organisation.force_po_uniqueness ?? false,
      can_create_resellers: organisation.can_create_resellers ?? false,
      assigned_price_list_id: organisation.assigned_price_list ?? null,
      subscribed_modules: JSON.stringify(organisation.modules),
      preferred_language: 'en',
      user_inactivity_timeout: 86400,
      admin_email: organisation.admin_email ?? null,
      tenant_name: null,
      team_name: organisation.team_name ?? null,
    };
  });
}
