/**
 * The demo catalogue: ten vendors from the register-interest list, five product types, and about
 * seventy products that between them show every case the store has to draw (000 §2.3–2.6).
 */
export const DEMO_VENDORS = [
  { id: 1, name: 'Cisco', image_url: '/images/vendors/cisco.svg' },
  { id: 2, name: 'Poly', image_url: '/images/vendors/poly.svg' },
  { id: 3, name: 'Logitech', image_url: null },
  { id: 4, name: 'Yealink', image_url: null },
  { id: 5, name: 'Zoom', image_url: '/images/vendors/zoom.svg' },
  { id: 6, name: 'Dropbox', image_url: null },
  { id: 7, name: 'Acronis', image_url: null },
  { id: 8, name: 'Lifesize', image_url: null },
  { id: 9, name: 'EPOS', image_url: null },
  { id: 10, name: 'Pexip', image_url: null },
  { id: 11, name: 'AudioCodes', image_url: null },
];

export const DEMO_PRODUCT_TYPES = [
  { id: 1, name: 'Hardware' },
  { id: 2, name: 'Software' },
  { id: 3, name: 'Subscription' },
  { id: 4, name: 'Service' },
  { id: 5, name: 'Accessory' },
];

const HARDWARE = 1;
const SOFTWARE = 2;
export const SUBSCRIPTION = 3;
const SERVICE = 4;
const ACCESSORY = 5;

export interface DemoProduct {
  code: string;
  name: string;
  vendor: number | null;
  type: number | null;
  /** Buy price in GBP; null = price on request. */
  price: string | null;
  rrp: string | null;
  stock?: string | null;
  popularity: number;
  shippable?: boolean;
  financeable?: boolean;
  hidden?: boolean;
  inactive?: boolean;
  draft?: boolean;
  subscription?: { type: string; kind: 'BASE' | 'ADD_ON' };
  weightKg?: string;
  description: string;
  features?: string[];
  image?: string;
  datasheet?: boolean;
}

const hw = (
  code: string,
  name: string,
  vendor: number,
  price: string | null,
  rrp: string | null,
  stock: string,
  popularity: number,
  description: string,
  extra: Partial<DemoProduct> = {},
): DemoProduct => ({
  code,
  name,
  vendor,
  type: HARDWARE,
  price,
  rrp,
  stock,
  popularity,
  shippable: true,
  financeable: true,
  weightKg: '1.2',
  description,
  ...extra,
});

export const DEMO_PRODUCTS: DemoProduct[] = [
  hw('CS-DESKPRO-K9', 'Cisco Desk Pro', 1, '2450.00', '2999.00', '14', 940, 'All-in-one 27" collaboration device for the desk.', {
    features: ['27-inch 4K touch screen', 'Built-in 12 MP camera', 'Noise-removal microphones'],
    image: '/images/products/desk-pro.svg',
    datasheet: true,
  }),
  hw('CS-BOARDPRO-55', 'Cisco Board Pro 55', 1, '8900.00', '10999.00', '3', 610, 'Interactive 55" board for huddle rooms.', {
    weightKg: '42',
  }),
  hw('CS-ROOMBAR-K9', 'Cisco Room Bar', 1, '2990.00', '3599.00', '0', 720, 'Video bar for small rooms with intelligent framing.'),
  hw('CS-CODEC-EQ', 'Cisco Codec EQ', 1, '5200.00', '6299.00', 'In transit', 350, 'Room codec for medium and large rooms.'),
  hw('CP-8845-K9', 'Cisco IP Phone 8845', 1, '289.00', '359.00', '120', 880, 'Video IP phone with HD camera.', { weightKg: '1.1' }),
  hw('CS-HEADSET-730', 'Cisco Headset 730', 1, '229.00', '279.00', '64', 530, 'Wireless noise-cancelling headset.', {
    type: ACCESSORY,
    weightKg: '0.3',
  }),
  hw('POLY-STUDIO-X50', 'Poly Studio X50', 2, '2750.00', '3299.00', '9', 830, 'Video bar for medium rooms, no PC needed.', {
    datasheet: true,
  }),
  hw('POLY-STUDIO-X30', 'Poly Studio X30', 2, '1650.00', '1999.00', '22', 760, 'Compact video bar for small rooms.'),
  hw('POLY-G7500', 'Poly G7500', 2, '4100.00', '4899.00', 'Due 2 weeks', 300, 'Modular video system for large rooms.'),
  hw('POLY-CCX600', 'Poly CCX 600', 2, '399.00', '479.00', '48', 610, 'Business media phone for Teams.'),
  hw('POLY-VOYAGER-4320', 'Poly Voyager 4320', 2, '119.00', '149.00', '0', 450, 'Bluetooth office headset.', {
    type: ACCESSORY,
    weightKg: '0.2',
  }),
  hw('POLY-SYNC-20', 'Poly Sync 20', 2, '99.00', '129.00', '300', 505, 'Portable USB and Bluetooth speakerphone.', {
    type: ACCESSORY,
    financeable: false,
  }),
  hw('LOGI-RALLY-BAR', 'Logitech Rally Bar', 3, '3150.00', '3799.00', '11', 800, 'Premier all-in-one video bar for mid-size rooms.'),
  hw('LOGI-RALLY-BAR-MINI', 'Logitech Rally Bar Mini', 3, '2290.00', '2749.00', '17', 690, 'All-in-one video bar for small rooms.'),
  hw('LOGI-MEETUP', 'Logitech MeetUp', 3, '799.00', '949.00', '35', 650, 'Conference camera for huddle rooms.'),
  hw('LOGI-TAP', 'Logitech Tap', 3, '699.00', '839.00', '26', 400, 'Touch controller for meeting rooms.'),
  hw('LOGI-BRIO-4K', 'Logitech Brio 4K', 3, '159.00', '199.00', '210', 980, 'Ultra HD webcam with HDR.', {
    type: ACCESSORY,
    weightKg: '0.1',
  }),
  hw('LOGI-ZONE-WIRELESS', 'Logitech Zone Wireless', 3, '169.00', '209.00', 'In transit', 420, 'Wireless headset certified for Teams.', {
    type: ACCESSORY,
  }),
  hw('YEA-MEETINGBAR-A30', 'Yealink MeetingBar A30', 4, '1390.00', '1699.00', '19', 570, 'Android video bar for small rooms.'),
  hw('YEA-MVC860', 'Yealink MVC860', 4, '3690.00', '4399.00', '4', 260, 'Teams rooms system for medium rooms.'),
  hw('YEA-T58W', 'Yealink T58W', 4, '279.00', '339.00', '88', 600, 'Smart business phone with camera.'),
  hw('YEA-W76P', 'Yealink W76P', 4, '139.00', '169.00', '150', 540, 'DECT IP phone bundle.'),
  hw('YEA-BH72', 'Yealink BH72', 4, '119.00', '145.00', '0', 310, 'Bluetooth headset with charging stand.', { type: ACCESSORY }),
  hw('LS-ICON-700', 'Lifesize Icon 700', 8, '5400.00', '6499.00', '2', 150, '4K camera system for large rooms.'),
  hw('LS-ICON-300', 'Lifesize Icon 300', 8, '2100.00', '2549.00', '6', 190, 'Video system for small rooms.'),
  hw('LS-PHONE-HD', 'Lifesize Phone HD', 8, '990.00', '1199.00', 'Due 2 weeks', 120, 'Touch-screen conference phone.'),
  hw('EPOS-EXPAND-80', 'EPOS Expand 80', 9, '749.00', '899.00', '12', 210, 'Bluetooth speakerphone for large rooms.'),
  hw('EPOS-ADAPT-660', 'EPOS Adapt 660', 9, '259.00', '309.00', '40', 330, 'Adaptive ANC headset.', { type: ACCESSORY }),
  hw('EPOS-IMPACT-SDW-5065', 'EPOS Impact SDW 5065', 9, '289.00', '349.00', '7', 140, 'DECT wireless office headset.', { type: ACCESSORY }),
  hw('AC-C450HD', 'AudioCodes C450HD', 11, '309.00', '369.00', '25', 230, 'Native Teams IP phone.'),
  hw('AC-MP-124', 'AudioCodes MediaPack 124', 11, '1090.00', '1299.00', '5', 90, 'Analogue gateway for 24 lines.'),
  hw('AC-M800C', 'AudioCodes Mediant 800C', 11, null, null, 'In transit', 80, 'Session border controller appliance: price on request.'),
  hw('PEX-INFINITY-APP', 'Pexip Infinity Appliance', 10, null, null, '1', 60, 'On-premises video platform appliance: price on request.', {
    financeable: false,
  }),
  hw('CS-NAVIGATOR', 'Cisco Room Navigator', 1, '890.00', '1079.00', '27', 470, 'Touch controller and room booking panel.'),
  hw('CS-QUADCAM', 'Cisco Quad Camera', 1, '4300.00', '5199.00', '5', 240, 'Four-camera array with speaker tracking.'),
  hw('POLY-STUDIO-E70', 'Poly Studio E70', 2, '2350.00', '2849.00', '8', 280, 'Dual 4K camera for medium rooms.'),
  hw('POLY-TC10', 'Poly TC10', 2, '560.00', '679.00', '41', 390, 'Touch controller for Poly rooms.'),
  hw('LOGI-SIGHT', 'Logitech Sight', 3, '1290.00', '1549.00', 'Due 2 weeks', 200, 'Table-top companion camera.'),
  hw('LOGI-ROOMMATE', 'Logitech RoomMate', 3, '1050.00', '1259.00', '14', 250, 'Appliance that runs room software for Rally.'),
  hw('YEA-UVC86', 'Yealink UVC86', 4, '990.00', '1199.00', '23', 215, '4K dual-eye tracking camera.'),
  hw('YEA-CP965', 'Yealink CP965', 4, '520.00', '629.00', '0', 180, 'Conference phone with wireless microphones.'),
  hw('EPOS-EXPAND-VISION-3T', 'EPOS Expand Vision 3T', 9, '1890.00', '2279.00', '4', 130, 'Video bar for Teams rooms.'),
  hw('AC-RXV81', 'AudioCodes RXV81', 11, '720.00', '869.00', '16', 100, 'Video collaboration bar for huddle rooms.'),
  // Accessories and items with neither vendor nor type, for the "No vendor" / "No type" filters.
  {
    code: 'GEN-HDMI-5M',
    name: 'HDMI cable 5 m',
    vendor: null,
    type: ACCESSORY,
    price: '9.50',
    rrp: '14.99',
    stock: '800',
    popularity: 700,
    shippable: true,
    description: 'High-speed HDMI cable, 5 metres.',
    weightKg: '0.25',
  },
  {
    code: 'GEN-USB-EXT-10M',
    name: 'USB 3.0 active extension 10 m',
    vendor: null,
    type: ACCESSORY,
    price: '24.00',
    rrp: '34.99',
    stock: '0',
    popularity: 350,
    shippable: true,
    description: 'Active USB extension for room cameras.',
    weightKg: '0.4',
  },
  {
    code: 'GEN-WALL-MOUNT',
    name: 'Universal video bar wall mount',
    vendor: null,
    type: null,
    price: '39.00',
    rrp: '55.00',
    stock: '95',
    popularity: 280,
    shippable: true,
    description: 'Wall mount that fits most video bars.',
    weightKg: '1.5',
  },
  {
    code: 'LOGI-CABLE-KIT',
    name: 'Rally cable kit',
    vendor: 3,
    type: null,
    price: '59.00',
    rrp: '79.00',
    stock: '30',
    popularity: 160,
    shippable: true,
    description: 'Spare cables for Logitech Rally.',
    weightKg: '0.8',
  },
  // Software and services.
  {
    code: 'ZOOM-ROOMS-LIC',
    name: 'Zoom Rooms licence (perpetual upgrade)',
    vendor: 5,
    type: SOFTWARE,
    price: '420.00',
    rrp: '499.00',
    stock: null,
    popularity: 300,
    description: 'Software licence for one Zoom Room.',
    financeable: true,
  },
  {
    code: 'PEX-CONNECT-LIC',
    name: 'Pexip Connect for Teams licence',
    vendor: 10,
    type: SOFTWARE,
    price: '310.00',
    rrp: '369.00',
    stock: null,
    popularity: 110,
    description: 'Interoperability licence for one room.',
  },
  {
    code: 'SVC-INSTALL-ROOM',
    name: 'Meeting room installation',
    vendor: null,
    type: SERVICE,
    price: '650.00',
    rrp: '800.00',
    stock: null,
    popularity: 260,
    description: 'On-site installation and commissioning of one meeting room.',
    features: ['Site survey', 'Mounting and cabling', 'Handover training'],
  },
  {
    code: 'SVC-TRAINING',
    name: 'Remote end-user training (2 h)',
    vendor: null,
    type: SERVICE,
    price: '180.00',
    rrp: '240.00',
    stock: null,
    popularity: 90,
    description: 'Two hours of live remote training for up to 20 people.',
  },
  // Hidden, inactive and draft products: the store must not offer them as such.
  hw('CS-SX10-EOL', 'Cisco SX10 (end of life)', 1, '900.00', '1100.00', '0', 999, 'Discontinued codec kept for order history.', {
    hidden: true,
  }),
  hw('POLY-TRIO-8800', 'Poly Trio 8800 (withdrawn)', 2, '620.00', '749.00', '3', 5, 'Withdrawn conference phone.', { inactive: true }),
  hw(
    'YEA-ROOMCAST',
    'Yealink RoomCast (coming soon)',
    4,
    '990.00',
    '1199.00',
    'Due 2 weeks',
    1,
    'Wireless presentation system, launching soon.',
    { draft: true },
  ),
  hw('LOGI-SCRIBE', 'Logitech Scribe', 3, '1050.00', '1249.00', '8', 230, 'Whiteboard camera.', { inactive: true, draft: true }),
];

/** Option products: maintenance and provisioning, not sold on their own (hidden from the store). */
export const DEMO_OPTION_PRODUCTS: DemoProduct[] = [
  {
    code: 'CON-SNT-1Y',
    name: 'Smart Net Total Care 1 year',
    vendor: 1,
    type: SERVICE,
    price: '210.00',
    rrp: '260.00',
    popularity: 0,
    hidden: true,
    description: 'Next-business-day hardware replacement for one year.',
  },
  {
    code: 'CON-SNT-3Y',
    name: 'Smart Net Total Care 3 years',
    vendor: 1,
    type: SERVICE,
    price: '560.00',
    rrp: '690.00',
    popularity: 0,
    hidden: true,
    description: 'Next-business-day hardware replacement for three years.',
  },
  {
    code: 'POLY-PLUS-1Y',
    name: 'Poly+ 1 year',
    vendor: 2,
    type: SERVICE,
    price: '180.00',
    rrp: '220.00',
    popularity: 0,
    hidden: true,
    description: 'Advance replacement and software updates for one year.',
  },
  {
    code: 'PROV-REMOTE',
    name: 'Remote provisioning',
    vendor: null,
    type: SERVICE,
    price: '45.00',
    rrp: '60.00',
    popularity: 0,
    hidden: true,
    description: 'Remote configuration before dispatch.',
  },
  {
    code: 'PROV-DOVETAIL',
    name: 'Dovetail zero-touch provisioning',
    vendor: null,
    type: SERVICE,
    price: '25.00',
    rrp: '35.00',
    popularity: 0,
    hidden: true,
    description: 'Device registered to a Dovetail site before dispatch.',
  },
];

/** Which option products each product offers: [product code, option code, kind, dovetail]. */
export const DEMO_PRODUCT_OPTIONS: [string, string, 'MAINTENANCE' | 'PROVISIONING', boolean][] = [
  ['CS-DESKPRO-K9', 'CON-SNT-1Y', 'MAINTENANCE', false],
  ['CS-DESKPRO-K9', 'CON-SNT-3Y', 'MAINTENANCE', false],
  ['CS-DESKPRO-K9', 'PROV-REMOTE', 'PROVISIONING', false],
  ['CS-DESKPRO-K9', 'PROV-DOVETAIL', 'PROVISIONING', true],
  ['CS-ROOMBAR-K9', 'CON-SNT-1Y', 'MAINTENANCE', false],
  ['CS-BOARDPRO-55', 'CON-SNT-3Y', 'MAINTENANCE', false],
  ['CP-8845-K9', 'CON-SNT-1Y', 'MAINTENANCE', false],
  ['CP-8845-K9', 'PROV-DOVETAIL', 'PROVISIONING', true],
  ['POLY-STUDIO-X50', 'POLY-PLUS-1Y', 'MAINTENANCE', false],
  ['POLY-STUDIO-X30', 'POLY-PLUS-1Y', 'MAINTENANCE', false],
  ['POLY-CCX600', 'PROV-REMOTE', 'PROVISIONING', false],
  ['YEA-T58W', 'PROV-DOVETAIL', 'PROVISIONING', true],
];
