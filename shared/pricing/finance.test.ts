import { describe, expect, it } from 'vitest';
import { financeFigures, financeRefusal, MONTHLY_RATE, monthlyPayment, type FinanceDetails, type FinanceLine } from './finance';

const line = (over: Partial<FinanceLine>): FinanceLine => ({
  net: '1000.00',
  quantity: 1,
  markup: null,
  rrp: null,
  is_financeable: true,
  is_shippable: true,
  ...over,
});
const details: FinanceDetails = {
  finance_company_name: 'Financeable Ltd',
  finance_company_number: '00000001',
  finance_target: 'SELF',
  finance_email_address: 'fd@example.com',
  finance_title: 'Ms',
  finance_first_name: 'Fay',
  finance_last_name: 'Dee',
  finance_contact_number: '01234567890',
  finance_term_length: 60,
  finance_reg_company_name: 'Financeable Ltd',
  finance_reg_addr_line_1: '1 High St',
  finance_reg_addr_line_2: 'Floor 2',
  finance_reg_city: 'Leeds',
  finance_reg_postal_code: 'LS1 1AA',
  finance_reg_country_code: 'GB',
};

describe('000 §9 finance: 0.1263 a year, monthly = yearly / 12, amortised', () => {
  it('the monthly rate is the yearly over twelve', () => {
    expect(MONTHLY_RATE.toString()).toBe('0.010525');
  });

  // Worked independently (Python decimal, 50 digits): P·r / (1 − (1 + r)^−n), rounded half-up.
  it.each([
    ['10000', 24, '473.68'],
    ['10000', 36, '335.16'],
    ['10000', 48, '266.44'],
    ['10000', 60, '225.64'],
    ['1000', 24, '47.37'],
    ['1000', 60, '22.56'],
    ['2499.99', 36, '83.79'],
    ['1234.56', 48, '32.89'],
    ['0', 60, '0.00'],
  ] as const)('%s over %i months is %s a month', (principal, term, monthly) => {
    expect(monthlyPayment(principal, term)).toBe(monthly);
  });

  it.each([
    [60, '225.64', '13538.40', '3538.40'],
    [48, '266.44', '12789.12', '2789.12'],
    [36, '335.16', '12065.76', '2065.76'],
    [24, '473.68', '11368.32', '1368.32'],
  ] as const)('term %i: monthly, total paid and cost of finance add up', (term, monthly, total, cost) => {
    const figures = financeFigures([line({ net: '9990.00' })], 'SELF', '10.00', term);
    expect(figures).toMatchObject({
      net_sub_total: '10000.00',
      shipping: '10.00',
      monthly_payment: monthly,
      total_paid: total,
      cost_of_finance: cost,
    });
  });

  it('only financeable lines with a quantity are financed', () => {
    const figures = financeFigures(
      [line({ net: '1234.56' }), line({ net: '500.00', is_financeable: false }), line({ net: '99.00', quantity: 0 })],
      'SELF',
      '0',
      48,
    );
    expect(figures.lines).toHaveLength(1);
    expect(figures).toMatchObject({ net_sub_total: '1234.56', monthly_payment: '32.89', total_paid: '1578.72', cost_of_finance: '344.16' });
  });

  it('for a CUSTOMER the markup is added per line and shown as its margin; SELF ignores it', () => {
    const lines = [line({ net: '800.00', quantity: 2, markup: '12.5', rrp: '500' }), line({ net: '199.99', markup: '10' })];
    const customer = financeFigures(lines, 'CUSTOMER', '0.00', 60);
    // 800 × 1.125 = 900; 199.99 × 1.1 = 219.989 → 219.99
    expect(customer.lines).toEqual([
      { value: '900.00', margin_percent: '12.5', valid_margin: true },
      { value: '219.99', margin_percent: '10', valid_margin: true },
    ]);
    expect(customer.net_sub_total).toBe('1119.99');
    const self = financeFigures(lines, 'SELF', '0.00', 60);
    expect(self.net_sub_total).toBe('999.99');
    expect(self.lines[0]!.margin_percent).toBeNull();
  });
});

describe('000 §5 finance eligibility', () => {
  it.each<[string, FinanceLine[], Partial<FinanceDetails>, string | null]>([
    ['eligible', [line({ net: '1000.00' })], {}, null],
    ['no lines', [], {}, 'basket_no_line_items'],
    ['no financeable lines', [line({ is_financeable: false })], {}, 'basket_no_line_items'],
    ['a required field missing', [line({})], { finance_reg_addr_line_2: ' ' }, 'checkout_complete_required_fields'],
    ['no target', [line({})], { finance_target: null }, 'checkout_complete_required_fields'],
    ['under 1,000', [line({ net: '999.99' })], {}, 'finance_below_minimum_order_value'],
    ['shipping does not count toward the minimum', [line({ net: '990.00' })], {}, 'finance_below_minimum_order_value'],
    ['the customer markup counts toward the minimum', [line({ net: '950.00', markup: '10' })], { finance_target: 'CUSTOMER' }, null],
    [
      'intangible at exactly 35 %',
      [line({ net: '650.00' }), line({ net: '350.00', is_shippable: false })],
      {},
      'intangible_costs_too_high',
    ],
    ['intangible just under 35 %', [line({ net: '650.01' }), line({ net: '349.99', is_shippable: false })], {}, null],
    [
      'customer price above the RRP',
      [line({ net: '1000.00', quantity: 2, markup: '20', rrp: '599.99' })],
      { finance_target: 'CUSTOMER' },
      'basket_value_higher_than_rrp',
    ],
    ['customer price at the RRP', [line({ net: '1000.00', quantity: 2, markup: '20', rrp: '600' })], { finance_target: 'CUSTOMER' }, null],
    ['a negative markup', [line({ net: '2000.00', markup: '-1' })], { finance_target: 'CUSTOMER' }, 'basket_value_higher_than_rrp'],
    [
      'missing fields come before the minimum',
      [line({ net: '10.00' })],
      { finance_email_address: null },
      'checkout_complete_required_fields',
    ],
  ])('%s', (_name, lines, over, expected) => {
    expect(financeRefusal(lines, { ...details, ...over })).toBe(expected);
  });
});
