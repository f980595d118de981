import { performance } from 'node:perf_hooks';
import knexFactory from 'knex';
import { CUSTOMER_PASSWORD, customerEmail, GraphQLClient, GraphQLFailure, type VendureCatalogue } from './vendureSeed';

/**
 * An order through Vendure's Shop API as a storefront places it, one request a step:
 * addItemToOrder per line, setOrderShippingAddress, setOrderShippingMethod,
 * transitionOrderToState('ArrangingPayment'), addPaymentToOrder. Each answer asks for its type
 * only (the least Vendure can be asked to serialise); every step's answer is checked.
 */

/** Customer `index` (seeded by seedVendure) signed in to the Shop API with a bearer token. */
export async function signInCustomer(shopUrl: string, index: number): Promise<GraphQLClient> {
  const client = new GraphQLClient(shopUrl);
  await client.expect(
    'CurrentUser',
    `mutation($u: String!, $p: String!) { login(username: $u, password: $p) { __typename ... on ErrorResult { errorCode message } } }`,
    { u: customerEmail(index), p: CUSTOMER_PASSWORD },
  );
  if (!client.token) throw new Error('Vendure answered no session token');
  return client;
}

const ADD_ITEM = `mutation($id: ID!, $q: Int!) { addItemToOrder(productVariantId: $id, quantity: $q) { __typename ... on ErrorResult { errorCode message } } }`;
const SET_ADDRESS = `mutation($input: CreateAddressInput!) { setOrderShippingAddress(input: $input) { __typename ... on ErrorResult { errorCode message } } }`;
const SET_SHIPPING = `mutation($ids: [ID!]!) { setOrderShippingMethod(shippingMethodId: $ids) { __typename ... on ErrorResult { errorCode message } } }`;
const TO_PAYMENT = `mutation { transitionOrderToState(state: "ArrangingPayment") { __typename ... on ErrorResult { errorCode message } } }`;
const PAY = `mutation($input: PaymentInput!) { addPaymentToOrder(input: $input) { __typename ... on Order { state } ... on ErrorResult { errorCode message } } }`;

/** The portal's bench address (server/testing/checkoutBaskets.ts GB_ADDRESS) in Vendure's shape. */
const ADDRESS = {
  company: 'Customer Co Ltd',
  fullName: 'Goods In',
  streetLine1: '1 Market Street',
  city: 'Leeds',
  postalCode: 'LS1 1AA',
  countryCode: 'GB',
};

/** Milliseconds of an order's two parts: filling the basket, and the four checkout steps. */
export interface Phases {
  basket: number[];
  checkout: number[];
}

/** One order of `lines` (product code, quantity) by `client`; 201 when it reached PaymentSettled. */
export async function placeVendureOrder(
  client: GraphQLClient,
  catalogue: VendureCatalogue,
  lines: [string, number][],
  phases?: Phases,
): Promise<{ status: number; text: string }> {
  try {
    const start = performance.now();
    for (const [code, quantity] of lines) await client.expect('Order', ADD_ITEM, { id: catalogue.variants.get(code), q: quantity });
    const filled = performance.now();
    await client.expect('Order', SET_ADDRESS, { input: ADDRESS });
    await client.expect('Order', SET_SHIPPING, { ids: [catalogue.shippingMethodId] });
    await client.expect('Order', TO_PAYMENT);
    const paid = await client.expect<{ state: string }>('Order', PAY, { input: { method: catalogue.paymentMethodCode, metadata: {} } });
    if (paid.state !== 'PaymentSettled') return { status: 409, text: `order in state ${paid.state}` };
    phases?.basket.push(filled - start);
    phases?.checkout.push(performance.now() - filled);
    return { status: 201, text: '' };
  } catch (error) {
    if (error instanceof GraphQLFailure) return { status: 500, text: error.message };
    throw error;
  }
}

const UNION = '{ __typename ... on ErrorResult { errorCode message } }';

/**
 * The same fourteen mutations as one GraphQL document (one request): GraphQL runs a mutation's
 * fields in order, and Vendure still gives each its own transaction; what this saves is the
 * thirteen other requests' HTTP, session and parsing. The same document every order (Apollo
 * caches its parse and validation).
 */
export function orderDocument(catalogue: VendureCatalogue, lines: [string, number][]): string {
  const literal = (value: unknown): string =>
    typeof value === 'object' && value !== null
      ? `{ ${Object.entries(value)
          .map(([key, item]) => `${key}: ${literal(item)}`)
          .join(', ')} }`
      : JSON.stringify(value);
  return `mutation {
    ${lines.map(([code, quantity], index) => `l${index}: addItemToOrder(productVariantId: ${literal(catalogue.variants.get(code))}, quantity: ${quantity}) ${UNION}`).join('\n    ')}
    address: setOrderShippingAddress(input: ${literal(ADDRESS)}) ${UNION}
    shipping: setOrderShippingMethod(shippingMethodId: [${literal(catalogue.shippingMethodId)}]) ${UNION}
    arranging: transitionOrderToState(state: "ArrangingPayment") ${UNION}
    payment: addPaymentToOrder(input: { method: ${literal(catalogue.paymentMethodCode)}, metadata: {} }) { __typename ... on Order { state } ... on ErrorResult { errorCode message } }
  }`;
}

/** One order as one request (orderDocument); 201 when every field answered an Order and the last one PaymentSettled. */
export async function placeVendureOrderAtOnce(client: GraphQLClient, document: string): Promise<{ status: number; text: string }> {
  try {
    const data =
      await client.send<Record<string, { __typename: string; state?: string; errorCode?: string; message?: string } | null>>(document);
    const failed = Object.entries(data).find(([, result]) => result?.__typename !== 'Order');
    if (failed)
      return {
        status: 500,
        text: `${failed[0]}: ${failed[1]?.__typename ?? 'null'} ${failed[1]?.errorCode ?? ''} ${failed[1]?.message ?? ''}`,
      };
    if (data['payment']?.state !== 'PaymentSettled') return { status: 409, text: `order in state ${data['payment']?.state}` };
    return { status: 201, text: '' };
  } catch (error) {
    if (error instanceof GraphQLFailure) return { status: 500, text: error.message };
    throw error;
  }
}

/**
 * Every order the bench placed on Vendure is complete: `placed` orders, all PaymentSettled, none
 * left adding items, each with `lines` lines of `units` units in all, the same subtotal and
 * shipping, and one settled payment of its total. Answers the subtotal and shipping (pence).
 */
export async function verifyVendureOrders(url: string, placed: number, lines: number, units: number) {
  const db = knexFactory({ client: 'pg', connection: url });
  try {
    const problems: string[] = [];
    const states = (await db('order').groupBy('state').select('state', db.raw('count(*)::int as n'))) as { state: string; n: number }[];
    const settled = states.find((row) => row.state === 'PaymentSettled')?.n ?? 0;
    if (settled !== placed || states.length !== 1)
      problems.push(`orders by state: ${states.map((row) => `${row.state} ${row.n}`).join(', ')}; expected PaymentSettled ${placed}`);
    const shapes = (await db('order_line')
      .groupBy('orderId')
      .select(db.raw('count(*)::int as lines'), db.raw('sum(quantity)::int as units'))) as { lines: number; units: number }[];
    const wrong = shapes.filter((shape) => shape.lines !== lines || shape.units !== units);
    if (shapes.length !== placed || wrong.length > 0)
      problems.push(`${shapes.length} orders with lines, ${wrong.length} not of ${lines} lines and ${units} units`);
    const totals = (await db('order').distinct('subTotal', 'shipping')) as { subTotal: number; shipping: number }[];
    if (totals.length !== 1) problems.push(`${totals.length} different subtotals and shipping among the orders`);
    const payments = Number(
      (
        (await db('payment as p')
          .join('order as o', 'o.id', 'p.orderId')
          .where('p.state', 'Settled')
          .whereRaw('p.amount = o."subTotalWithTax" + o."shippingWithTax"')
          .count({ n: '*' })
          .first()) as { n: string | number }
      ).n,
    );
    if (payments !== placed) problems.push(`${payments} settled payments of the order's total, not ${placed}`);
    if (problems.length > 0) throw new Error(`incomplete Vendure orders: ${problems.join('; ')}`);
    return { subTotal: Number(totals[0]!.subTotal), shipping: Number(totals[0]!.shipping) };
  } finally {
    await db.destroy();
  }
}
