/**
 * Vendure's side of bench/vendure-compare.ts: a GraphQL client over plain fetch (the bench needs
 * none of Vendure's packages itself, only the server in bench/vendure/ does), and the seeding of a
 * fresh Vendure database through its Admin API: the United Kingdom as the channel's tax and
 * shipping zone, GBP, a 0 % tax rate (the portal charges no tax on these lines), a flat-rate
 * shipping method at the portal's FLAT price, the bench's payment method, the ten products of the
 * portal's bench basket with two variants each (an option group of two editions) at the prices the
 * portal charged, and one customer with a password per client.
 */

/** A GraphQL answer's error or an error result (`__typename` other than the one expected). */
export class GraphQLFailure extends Error {}

export class GraphQLClient {
  token: string | undefined;

  constructor(private readonly url: string) {}

  /** Sends one operation; keeps the session token Vendure answers in `vendure-auth-token`. */
  async send<T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.token && { authorization: `Bearer ${this.token}` }) },
      body: JSON.stringify({ query, variables }),
    });
    const token = response.headers.get('vendure-auth-token');
    if (token) this.token = token;
    const text = await response.text();
    let body: { data?: T; errors?: { message: string }[] };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      throw new GraphQLFailure(`${response.status} ${text.slice(0, 200)}`);
    }
    if (!response.ok || body.errors?.length || !body.data)
      throw new GraphQLFailure(`${response.status} ${(body.errors ?? []).map((error) => error.message).join('; ') || text.slice(0, 200)}`);
    return body.data;
  }

  /** Sends one mutation whose single field answers a union: throws unless it is a `typename`. */
  async expect<T = Record<string, unknown>>(typename: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const data = await this.send<Record<string, (T & { __typename?: string; errorCode?: string; message?: string }) | null>>(
      query,
      variables,
    );
    const [[field, result] = ['', null]] = Object.entries(data);
    if (result?.__typename !== typename)
      throw new GraphQLFailure(`${field}: ${result?.__typename ?? 'null'} ${result?.errorCode ?? ''} ${result?.message ?? ''}`.trim());
    return result;
  }
}

export const CUSTOMER_PASSWORD = 'bench-password';
export const customerEmail = (index: number) => `bench-${index}@vendure.example`;

/** What the orders need from the seeding: the variant of each line, and the shipping and payment methods. */
export interface VendureCatalogue {
  /** The ordered variant's id per product code. */
  variants: Map<string, string>;
  shippingMethodId: string;
  paymentMethodCode: string;
}

const en = (name: string) => [{ languageCode: 'en', name }];

/**
 * Seeds a Vendure just started on an empty database, signed in as its superadmin: `prices` are in
 * pence, per product code; `customers` accounts `bench-<n>@vendure.example` for the clients.
 */
export async function seedVendure(adminUrl: string, prices: Map<string, number>, shippingPence: number, customers: number) {
  const admin = new GraphQLClient(adminUrl);
  await admin.expect(
    'CurrentUser',
    `mutation { login(username: "superadmin", password: "superadmin") { __typename ... on ErrorResult { errorCode message } } }`,
  );
  const { createCountry: country } = await admin.send<{ createCountry: { id: string } }>(
    `mutation($input: CreateCountryInput!) { createCountry(input: $input) { id } }`,
    { input: { code: 'GB', enabled: true, translations: en('United Kingdom') } },
  );
  const { createZone: zone } = await admin.send<{ createZone: { id: string } }>(
    `mutation($input: CreateZoneInput!) { createZone(input: $input) { id } }`,
    { input: { name: 'United Kingdom', memberIds: [country.id] } },
  );
  const { activeChannel: channel } = await admin.send<{ activeChannel: { id: string } }>(`{ activeChannel { id } }`);
  await admin.expect(
    'Channel',
    `mutation($input: UpdateChannelInput!) { updateChannel(input: $input) { __typename ... on ErrorResult { errorCode message } } }`,
    {
      input: {
        id: channel.id,
        defaultTaxZoneId: zone.id,
        defaultShippingZoneId: zone.id,
        defaultCurrencyCode: 'GBP',
        availableCurrencyCodes: ['GBP'],
        pricesIncludeTax: false,
      },
    },
  );
  const { createTaxCategory: category } = await admin.send<{ createTaxCategory: { id: string } }>(
    `mutation($input: CreateTaxCategoryInput!) { createTaxCategory(input: $input) { id } }`,
    { input: { name: 'Standard', isDefault: true } },
  );
  await admin.send(`mutation($input: CreateTaxRateInput!) { createTaxRate(input: $input) { id } }`, {
    input: { name: 'No tax', enabled: true, value: 0, categoryId: category.id, zoneId: zone.id },
  });
  const { createShippingMethod: shipping } = await admin.send<{ createShippingMethod: { id: string } }>(
    `mutation($input: CreateShippingMethodInput!) { createShippingMethod(input: $input) { id } }`,
    {
      input: {
        code: 'flat',
        fulfillmentHandler: 'manual-fulfillment',
        checker: { code: 'default-shipping-eligibility-checker', arguments: [{ name: 'orderMinimum', value: '0' }] },
        calculator: {
          code: 'default-shipping-calculator',
          arguments: [
            { name: 'rate', value: String(shippingPence) },
            { name: 'includesTax', value: 'exclude' },
            { name: 'taxRate', value: '0' },
          ],
        },
        translations: [{ languageCode: 'en', name: 'Flat', description: '' }],
      },
    },
  );
  await admin.send(`mutation($input: CreatePaymentMethodInput!) { createPaymentMethod(input: $input) { id } }`, {
    input: { code: 'bench-payment', enabled: true, handler: { code: 'bench-payment', arguments: [] }, translations: en('Bench payment') },
  });

  const variants = new Map<string, string>();
  for (const [code, price] of prices) {
    const slug = code.toLowerCase();
    const { createProductOptionGroup: group } = await admin.send<{ createProductOptionGroup: { id: string; options: { id: string }[] } }>(
      `mutation($input: CreateProductOptionGroupInput!) { createProductOptionGroup(input: $input) { id options { id } } }`,
      {
        input: {
          code: `${slug}-edition`,
          translations: en('Edition'),
          options: [
            { code: 'standard', translations: en('Standard') },
            { code: 'plus', translations: en('Plus') },
          ],
        },
      },
    );
    const { createProduct: product } = await admin.send<{ createProduct: { id: string } }>(
      `mutation($input: CreateProductInput!) { createProduct(input: $input) { id } }`,
      { input: { translations: [{ languageCode: 'en', name: code, slug, description: `${code}, as in the portal's demo catalogue` }] } },
    );
    await admin.send(`mutation($p: ID!, $g: ID!) { addOptionGroupToProduct(productId: $p, optionGroupId: $g) { id } }`, {
      p: product.id,
      g: group.id,
    });
    const { createProductVariants: made } = await admin.send<{ createProductVariants: { id: string; sku: string }[] }>(
      `mutation($input: [CreateProductVariantInput!]!) { createProductVariants(input: $input) { id sku } }`,
      {
        input: group.options.map((option, index) => ({
          productId: product.id,
          sku: index === 0 ? code : `${code}-PLUS`,
          price: index === 0 ? price : Math.round(price * 1.1),
          taxCategoryId: category.id,
          stockOnHand: 1_000_000,
          optionIds: [option.id],
          translations: en(index === 0 ? code : `${code} Plus`),
        })),
      },
    );
    variants.set(code, made.find((variant) => variant.sku === code)!.id);
  }

  for (let index = 0; index < customers; index++) {
    await admin.expect(
      'Customer',
      `mutation($input: CreateCustomerInput!, $password: String) { createCustomer(input: $input, password: $password) { __typename ... on ErrorResult { errorCode message } } }`,
      { input: { emailAddress: customerEmail(index), firstName: 'Bench', lastName: `Buyer ${index}` }, password: CUSTOMER_PASSWORD },
    );
  }
  return { variants, shippingMethodId: shipping.id, paymentMethodCode: 'bench-payment' } satisfies VendureCatalogue;
}
