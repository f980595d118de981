import { CUSTOMER, EU_CUSTOMER, OTHER_RESELLER, RESELLER, SUPPLIER } from './organisations';

export const DEMO_PASSWORD = 'demo-password';

export interface DemoUser {
  id: number;
  name: string;
  email: string;
  organisation: number;
  admin?: boolean;
  root?: boolean;
  disabled?: boolean;
  timezone: string;
  roles: number[];
}

export const DEMO_USERS: DemoUser[] = [
  { id: 1, name: 'Sam Supplier', email: 'admin@supplier.example', organisation: SUPPLIER, admin: true, root: true, timezone: 'Europe/London', roles: [] },
  { id: 2, name: 'Rita Reseller', email: 'admin@reseller.example', organisation: RESELLER, admin: true, timezone: 'Europe/London', roles: [] },
  { id: 3, name: 'Bob Buyer', email: 'buyer@customer.example', organisation: CUSTOMER, timezone: 'Europe/London', roles: [1] },
  { id: 4, name: 'Eva Kunde', email: 'buyer@eu-customer.example', organisation: EU_CUSTOMER, timezone: 'Europe/Berlin', roles: [2] },
  { id: 5, name: 'Dora Disabled', email: 'former@customer.example', organisation: CUSTOMER, disabled: true, timezone: 'Europe/London', roles: [1] },
  { id: 6, name: 'Olly Other', email: 'sales@other-reseller.example', organisation: OTHER_RESELLER, timezone: 'Europe/London', roles: [3] },
];

export interface DemoRole {
  id: number;
  name: string;
  organisation: number;
  template: boolean;
  /** Permission name → value (2 all, 1 child organisations). */
  grants: Record<string, 1 | 2>;
}

export const DEMO_ROLES: DemoRole[] = [
  {
    id: 1,
    name: 'Buyer',
    organisation: CUSTOMER,
    template: false,
    grants: { 'order:view': 2, 'order:view_draft': 2, 'order:modify_draft': 2, 'order:checkout': 2, 'quote:accept': 2, 'subscription:view': 2, 'invoice:view': 2 },
  },
  { id: 2, name: 'Order viewer', organisation: EU_CUSTOMER, template: false, grants: { 'order:view': 2 } },
  {
    id: 3,
    name: 'Reseller sales',
    organisation: SUPPLIER,
    template: true,
    grants: { 'order:view': 2, 'order:view_draft': 2, 'order:modify_draft': 2, 'order:checkout': 2, 'quote:view': 2, 'quote:create': 2, 'quote:amend': 2, 'organisation:view': 1, 'user:view': 1 },
  },
  { id: 4, name: 'Customer buyer', organisation: SUPPLIER, template: true, grants: { 'order:view': 2, 'order:view_draft': 2, 'order:modify_draft': 2, 'order:checkout': 2, 'quote:accept': 2 } },
];
