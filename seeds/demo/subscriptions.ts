import { SUBSCRIPTION, type DemoProduct } from './catalogue';

/** A charge cost tier in GBP; the EUR tier is derived at the demo exchange rate. */
export interface DemoTier {
  gbp: string;
  from?: number;
  to?: number | null;
}

export interface DemoCharge {
  name: string;
  type: 'RECURRING' | 'ONE_OFF' | 'USAGE';
  model: 'FLAT_FEE' | 'PER_UNIT' | 'VOLUME';
  unit?: string;
  tiers: DemoTier[];
}

export interface DemoRatePlan {
  name: string;
  isDefault?: boolean;
  billing: 'MONTHLY' | 'ANNUALLY' | 'TWO_YEARS' | 'THREE_YEARS';
  termMonths: number;
  min?: number;
  max?: number | null;
  charges: DemoCharge[];
}

export interface DemoSubscriptionProduct extends DemoProduct {
  plans: DemoRatePlan[];
}

const sub = (
  code: string,
  name: string,
  vendor: number,
  type: string,
  kind: 'BASE' | 'ADD_ON',
  popularity: number,
  description: string,
  plans: DemoRatePlan[],
  extra: Partial<DemoProduct> = {},
): DemoSubscriptionProduct => ({
  code,
  name,
  vendor,
  type: SUBSCRIPTION,
  price: null,
  rrp: null,
  stock: null,
  popularity,
  description,
  subscription: { type, kind },
  plans,
  ...extra,
});

const perUnit = (name: string, gbp: string, unit = 'licence'): DemoCharge => ({
  name,
  type: 'RECURRING',
  model: 'PER_UNIT',
  unit,
  tiers: [{ gbp }],
});

/** Every subscription type of 000 §3, with monthly and annual plans, tiers, limits and charge kinds. */
export const DEMO_SUBSCRIPTIONS: DemoSubscriptionProduct[] = [
  sub(
    'ZM-ONE-PRO',
    'Zoom Workplace Pro',
    5,
    'ZOOM',
    'BASE',
    900,
    'Meetings, team chat and whiteboards for one user.',
    [
      { name: 'Monthly', billing: 'MONTHLY', termMonths: 1, min: 1, max: 9, charges: [perUnit('Pro licence', '11.50')] },
      { name: 'Annual', isDefault: true, billing: 'ANNUALLY', termMonths: 12, min: 1, max: 9, charges: [perUnit('Pro licence', '115.00')] },
    ],
    { features: ['Meetings up to 30 hours', '5 GB cloud recording', 'Team chat'], financeable: true },
  ),
  sub(
    'ZM-ONE-BUS',
    'Zoom Workplace Business',
    5,
    'ZOOM',
    'BASE',
    780,
    'Business plan from ten users with SSO and managed domains.',
    [
      { name: 'Annual', billing: 'ANNUALLY', termMonths: 12, min: 10, max: null, charges: [perUnit('Business licence', '165.00')] },
      { name: 'Three years', billing: 'ANNUALLY', termMonths: 36, min: 10, max: null, charges: [perUnit('Business licence', '150.00')] },
    ],
    { financeable: true },
  ),
  sub('ZM-LARGE-MTG', 'Zoom Large Meetings 500', 5, 'ZOOM', 'ADD_ON', 210, 'Add-on raising meeting capacity to 500.', [
    { name: 'Monthly', billing: 'MONTHLY', termMonths: 12, charges: [perUnit('Large meeting add-on', '45.00', 'host')] },
  ]),
  sub('DBX-BUS-STD', 'Dropbox Business Standard', 6, 'DROPBOX', 'BASE', 640, 'Team storage with 5 TB and admin controls.', [
    {
      name: 'Annual (3–100 users)',
      isDefault: true,
      billing: 'ANNUALLY',
      termMonths: 12,
      min: 3,
      max: 100,
      charges: [perUnit('Standard user', '120.00', 'user')],
    },
    {
      name: 'Monthly (3–100 users)',
      billing: 'MONTHLY',
      termMonths: 1,
      min: 3,
      max: 100,
      charges: [perUnit('Standard user', '12.50', 'user')],
    },
  ]),
  sub('DBX-BUS-ADV', 'Dropbox Business Advanced', 6, 'DROPBOX', 'BASE', 410, 'Team storage as needed, with advanced controls.', [
    { name: 'Annual', billing: 'ANNUALLY', termMonths: 12, min: 3, max: null, charges: [perUnit('Advanced user', '180.00', 'user')] },
  ]),
  sub(
    'ACR-CP-STD',
    'Acronis Cyber Protect Cloud',
    7,
    'ACRONIS',
    'BASE',
    560,
    'Backup and protection for workloads, priced in volume tiers, plus storage used.',
    [
      {
        name: 'Monthly, volume tiers',
        billing: 'MONTHLY',
        termMonths: 12,
        min: 1,
        max: null,
        charges: [
          {
            name: 'Protected workload',
            type: 'RECURRING',
            model: 'VOLUME',
            unit: 'workload',
            tiers: [
              { gbp: '6.50', from: 1, to: 10 },
              { gbp: '5.75', from: 11, to: 50 },
              { gbp: '4.90', from: 51, to: null },
            ],
          },
          { name: 'Cloud storage', type: 'USAGE', model: 'PER_UNIT', unit: 'GB', tiers: [{ gbp: '0.04' }] },
        ],
      },
    ],
  ),
  sub('NUV-CONTRACT-STD', 'Nuvias managed contract', 11, 'NUVIAS', 'BASE', 130, 'Managed support contract with onboarding.', [
    {
      name: 'Annual with onboarding',
      billing: 'ANNUALLY',
      termMonths: 12,
      min: 1,
      max: 1,
      charges: [
        { name: 'Onboarding', type: 'ONE_OFF', model: 'FLAT_FEE', tiers: [{ gbp: '350.00' }] },
        { name: 'Managed service', type: 'RECURRING', model: 'FLAT_FEE', tiers: [{ gbp: '1200.00' }] },
      ],
    },
  ]),
  sub('SBC-AAS-100', 'SBC as a Service', 11, 'SBC_AS_A_SERVICE', 'BASE', 170, 'Hosted session border controller, per concurrent session.', [
    {
      name: 'Three-year term',
      billing: 'THREE_YEARS',
      termMonths: 36,
      min: 10,
      max: 500,
      charges: [
        perUnit('Concurrent session', '54.00', 'session'),
        { name: 'Set-up', type: 'ONE_OFF', model: 'FLAT_FEE', tiers: [{ gbp: '250.00' }] },
      ],
    },
  ]),
  sub(
    'STAC-TEAMS-DR',
    'STAC Direct Routing for Teams',
    11,
    'STAC_TEAMS',
    'BASE',
    240,
    'Teams calling through STAC direct routing, per user.',
    [
      {
        name: 'Two-year term, billed monthly',
        billing: 'MONTHLY',
        termMonths: 24,
        min: 5,
        max: 1000,
        charges: [
          perUnit('Teams user', '3.20', 'user'),
          { name: 'Call minutes', type: 'USAGE', model: 'PER_UNIT', unit: 'minute', tiers: [{ gbp: '0.012' }] },
        ],
      },
      {
        name: 'Two-year term, billed every two years',
        billing: 'TWO_YEARS',
        termMonths: 24,
        min: 5,
        max: 1000,
        charges: [perUnit('Teams user', '72.00', 'user')],
      },
    ],
  ),
  sub(
    'STAC-ZP-BYOC',
    'STAC Zoom Phone BYOC',
    5,
    'STAC_ZOOM_PHONE',
    'BASE',
    150,
    'Bring your own carrier to Zoom Phone: pay for usage only.',
    [
      {
        name: 'Usage only',
        billing: 'MONTHLY',
        termMonths: 12,
        charges: [{ name: 'Call minutes', type: 'USAGE', model: 'PER_UNIT', unit: 'minute', tiers: [{ gbp: '0.015' }] }],
      },
    ],
  ),
];

/**
 * What the Zoom configuration wizard of a quote walks (001 §2), beside the plans above: Pro on a
 * two-year term (so each offered term, 12, 24 and 36 months, has a base plan: Pro for 1–9 users,
 * Business from 10) and another add-on (webinars, 12 and 36 months); they join the Zoom groups of
 * their kind (seeds/demo/backoffice.ts). Loaded after every other product, so the ids of the
 * products, rate plans and options before them stay as they were.
 */
export const DEMO_ZOOM_CONFIGURATION: DemoSubscriptionProduct[] = [
  sub(
    'ZM-ONE-PRO-2Y',
    'Zoom Workplace Pro, two-year term',
    5,
    'ZOOM',
    'BASE',
    190,
    'Zoom Workplace Pro for one user, committed for two years.',
    [
      {
        name: 'Two years',
        isDefault: true,
        billing: 'ANNUALLY',
        termMonths: 24,
        min: 1,
        max: 9,
        charges: [perUnit('Pro licence', '105.00')],
      },
    ],
  ),
  sub('ZM-WEBINAR-500', 'Zoom Webinars 500', 5, 'ZOOM', 'ADD_ON', 120, 'Webinars for up to 500 attendees, per host.', [
    { name: 'Annual', billing: 'ANNUALLY', termMonths: 12, charges: [perUnit('Webinar host', '690.00', 'host')] },
    { name: 'Three years', billing: 'ANNUALLY', termMonths: 36, charges: [perUnit('Webinar host', '640.00', 'host')] },
  ]),
];
