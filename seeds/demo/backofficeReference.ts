/**
 * Static reference data of the back office: the time zones offered to users and the countries of
 * addresses (ISO 3166-1 alpha-2). GB and IE list first (priority 2), then the rest of Europe and
 * the larger trading partners (priority 1), then others (priority 0).
 */

export const DEMO_TIMEZONES: { name: string; code: string }[] = [
  { name: '(UTC) Coordinated Universal Time', code: 'UTC' },
  { name: '(UTC+00:00) London', code: 'Europe/London' },
  { name: '(UTC+00:00) Dublin', code: 'Europe/Dublin' },
  { name: '(UTC+00:00) Lisbon', code: 'Europe/Lisbon' },
  { name: '(UTC+01:00) Amsterdam', code: 'Europe/Amsterdam' },
  { name: '(UTC+01:00) Berlin', code: 'Europe/Berlin' },
  { name: '(UTC+01:00) Brussels', code: 'Europe/Brussels' },
  { name: '(UTC+01:00) Madrid', code: 'Europe/Madrid' },
  { name: '(UTC+01:00) Paris', code: 'Europe/Paris' },
  { name: '(UTC+01:00) Rome', code: 'Europe/Rome' },
  { name: '(UTC+01:00) Stockholm', code: 'Europe/Stockholm' },
  { name: '(UTC+01:00) Warsaw', code: 'Europe/Warsaw' },
  { name: '(UTC+01:00) Zurich', code: 'Europe/Zurich' },
  { name: '(UTC+02:00) Athens', code: 'Europe/Athens' },
  { name: '(UTC+02:00) Helsinki', code: 'Europe/Helsinki' },
  { name: '(UTC+02:00) Johannesburg', code: 'Africa/Johannesburg' },
  { name: '(UTC+03:00) Istanbul', code: 'Europe/Istanbul' },
  { name: '(UTC+04:00) Dubai', code: 'Asia/Dubai' },
  { name: '(UTC+05:30) Kolkata', code: 'Asia/Kolkata' },
  { name: '(UTC+08:00) Singapore', code: 'Asia/Singapore' },
  { name: '(UTC+08:00) Hong Kong', code: 'Asia/Hong_Kong' },
  { name: '(UTC+09:00) Tokyo', code: 'Asia/Tokyo' },
  { name: '(UTC+10:00) Sydney', code: 'Australia/Sydney' },
  { name: '(UTC+12:00) Auckland', code: 'Pacific/Auckland' },
  { name: '(UTC-03:00) Sao Paulo', code: 'America/Sao_Paulo' },
  { name: '(UTC-05:00) New York', code: 'America/New_York' },
  { name: '(UTC-05:00) Toronto', code: 'America/Toronto' },
  { name: '(UTC-06:00) Chicago', code: 'America/Chicago' },
  { name: '(UTC-07:00) Denver', code: 'America/Denver' },
  { name: '(UTC-08:00) Los Angeles', code: 'America/Los_Angeles' },
];

export const DEMO_COUNTRIES: { name: string; code: string; priority: number }[] = [
  { name: 'United Kingdom', code: 'GB', priority: 2 },
  { name: 'Ireland', code: 'IE', priority: 2 },
  ...[
    ['Austria', 'AT'], ['Belgium', 'BE'], ['Bulgaria', 'BG'], ['Croatia', 'HR'], ['Cyprus', 'CY'], ['Czechia', 'CZ'],
    ['Denmark', 'DK'], ['Estonia', 'EE'], ['Finland', 'FI'], ['France', 'FR'], ['Germany', 'DE'], ['Greece', 'GR'],
    ['Hungary', 'HU'], ['Italy', 'IT'], ['Latvia', 'LV'], ['Lithuania', 'LT'], ['Luxembourg', 'LU'], ['Malta', 'MT'],
    ['Netherlands', 'NL'], ['Norway', 'NO'], ['Poland', 'PL'], ['Portugal', 'PT'], ['Romania', 'RO'], ['Slovakia', 'SK'],
    ['Slovenia', 'SI'], ['Spain', 'ES'], ['Sweden', 'SE'], ['Switzerland', 'CH'], ['United States', 'US'], ['Canada', 'CA'],
  ].map(([name, code]) => ({ name: name!, code: code!, priority: 1 })),
  ...[
    ['Australia', 'AU'], ['Brazil', 'BR'], ['China', 'CN'], ['Hong Kong', 'HK'], ['Iceland', 'IS'], ['India', 'IN'],
    ['Israel', 'IL'], ['Japan', 'JP'], ['Mexico', 'MX'], ['New Zealand', 'NZ'], ['Singapore', 'SG'], ['South Africa', 'ZA'],
    ['Turkey', 'TR'], ['United Arab Emirates', 'AE'],
  ].map(([name, code]) => ({ name: name!, code: code!, priority: 0 })),
];
