import { CUSTOMER, CUSTOMER_BRANCH, EU_CUSTOMER, OTHER_RESELLER, RESELLER, SUPPLIER } from './organisations';

export const DEMO_PASSWORD = 'demo-password';

export interface DemoUser {
  id: number;
  name: string;
  email: string;
  organisation: number;
  admin?: boolean;
  root?: boolean;
  disabled?: boolean;
  /** The e-mail address is not confirmed yet (default verified). */
  unverified?: boolean;
  passwordReset?: boolean;
  twoFactor?: boolean;
  timezone: string;
  roles: number[];
}

export const DEMO_USERS: DemoUser[] = [
  {
    id: 1,
    name: 'Sam Supplier',
    email: 'admin@supplier.example',
    organisation: SUPPLIER,
    admin: true,
    root: true,
    timezone: 'Europe/London',
    roles: [],
  },
  {
    id: 2,
    name: 'Rita Reseller',
    email: 'admin@reseller.example',
    organisation: RESELLER,
    admin: true,
    timezone: 'Europe/London',
    roles: [],
  },
  { id: 3, name: 'Bob Buyer', email: 'buyer@customer.example', organisation: CUSTOMER, timezone: 'Europe/London', roles: [1] },
  { id: 4, name: 'Eva Kunde', email: 'buyer@eu-customer.example', organisation: EU_CUSTOMER, timezone: 'Europe/Berlin', roles: [2] },
  {
    id: 5,
    name: 'Dora Disabled',
    email: 'former@customer.example',
    organisation: CUSTOMER,
    disabled: true,
    timezone: 'Europe/London',
    roles: [1],
  },
  { id: 6, name: 'Olly Other', email: 'sales@other-reseller.example', organisation: OTHER_RESELLER, timezone: 'Europe/London', roles: [3] },
  // The users list's statuses (002 §2.5) and a user four levels down; none of them is a demo login.
  {
    id: 7,
    name: 'Uma Unverified',
    email: 'new.starter@customer.example',
    organisation: CUSTOMER,
    unverified: true,
    timezone: 'Europe/London',
    roles: [1],
  },
  {
    id: 8,
    name: 'Percy Branch',
    email: 'manager@customer-branch.example',
    organisation: CUSTOMER_BRANCH,
    passwordReset: true,
    timezone: 'Europe/Dublin',
    roles: [],
  },
  {
    id: 9,
    name: 'Tara Twofactor',
    email: 'security@reseller.example',
    organisation: RESELLER,
    twoFactor: true,
    timezone: 'Europe/London',
    roles: [],
  },
  // Root staff without admin or roles: 002 §6 lets root see feeds without feed_configuration:manage.
  { id: 10, name: 'Stan Staff', email: 'staff@supplier.example', organisation: SUPPLIER, root: true, timezone: 'Europe/London', roles: [] },
  // 000 §6: order:checkout without order:modify_draft: checks baskets out, the lines read-only.
  { id: 11, name: 'Cleo Checkout', email: 'checkout@customer.example', organisation: CUSTOMER, timezone: 'Europe/London', roles: [5] },
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
    grants: {
      'order:view': 2,
      'order:view_draft': 2,
      'order:modify_draft': 2,
      'order:checkout': 2,
      'quote:accept': 2,
      'subscription:view': 2,
      'invoice:view': 2,
    },
  },
  { id: 2, name: 'Order viewer', organisation: EU_CUSTOMER, template: false, grants: { 'order:view': 2 } },
  {
    id: 3,
    name: 'Reseller sales',
    organisation: SUPPLIER,
    template: true,
    grants: {
      'order:view': 2,
      'order:view_draft': 2,
      'order:modify_draft': 2,
      'order:checkout': 2,
      'quote:view': 2,
      'quote:create': 2,
      'quote:amend': 2,
      'organisation:view': 1,
      'user:view': 1,
    },
  },
  {
    id: 4,
    name: 'Customer buyer',
    organisation: SUPPLIER,
    template: true,
    grants: { 'order:view': 2, 'order:view_draft': 2, 'order:modify_draft': 2, 'order:checkout': 2, 'quote:accept': 2 },
  },
  {
    id: 5,
    name: 'Checkout only',
    organisation: CUSTOMER,
    template: false,
    grants: { 'order:view': 2, 'order:view_draft': 2, 'order:checkout': 2 },
  },
];
