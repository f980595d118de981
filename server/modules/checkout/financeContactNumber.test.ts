import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINANCE_DETAILS, GB_ADDRESS, count, makeBasket } from '../../testing/checkoutBaskets';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { BUYER, signedIn, type Row } from '../../testing/testUsers';
import { SYSTEM_ACTOR, inTransaction } from '../../writes/records';
import { loadBasketState } from './basketState';
import { approvalFingerprint, financedShipping } from './financeApproval';

/**
 * Issue 22 item 4: 000 §5 "Finance phone (contact_number): starts with 0 followed by up to 11
 * digits; message contact_number_regex", enforced by the server (the browser's check is for
 * comfort), at finance application and again at checkout on FINANCE.
 */
describe('the finance contact number (000 §5 contact_number_regex)', () => {
  let server: TestServer;
  let buyer: TestClient;
  let po = 0;
  const shipped = { ...GB_ADDRESS, shipping_type: 1 };

  beforeAll(async () => {
    server = await startTestServer();
    buyer = await signedIn(server, BUYER);
  });
  afterAll(async () => server.close());

  const apply = async (number: string) => {
    const { id } = await makeBasket(server.db, [['LOGI-RALLY-BAR', 1]]);
    return {
      id,
      answer: await buyer.post<Row>(`/api/v1/baskets/${id}/finance`, { ...shipped, ...FINANCE_DETAILS, finance_contact_number: number }),
    };
  };

  it.each(['+44 7700 900123', '07700 900123', '7700900123', '0770090012345'])(
    'refuses an application with %j (422 contact_number_regex), approving nothing',
    async (number) => {
      const { id, answer } = await apply(number);
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({
        code: 'contact_number_regex',
        message_key: 'problem.contact_number_regex',
        parameter: 'finance_contact_number',
      });
      expect(Boolean(((await server.db('baskets').where('id', id).first('finance_approved')) as Row)['finance_approved'])).toBe(false);
    },
  );

  it.each(['0', '01130000000', '077009001234'])('accepts %j (0 and up to 11 digits)', async (number) => {
    const { answer } = await apply(number);
    expect([answer.status, answer.body]).toEqual([200, { success: true }]);
  });

  it('refuses checkout on FINANCE of a basket approved with a number the rule refuses', async () => {
    const { id } = await apply('01130000000');
    // An approval given before the rule held: the stored number and its fingerprint agree.
    await inTransaction(server.db, SYSTEM_ACTOR, async (records) => {
      await records.update('basket', id, { finance_contact_number: '+44 7700 900123' });
      const state = await loadBasketState(records, id);
      await records.update('basket', id, {
        finance_approved: true,
        finance_approval: approvalFingerprint(state, await financedShipping(records, state)),
      });
    });
    const orders = await count(server.db, 'orders');
    const placed = await buyer.post<Row>(`/api/v1/baskets/${id}/checkout`, {
      purchase_order_number: `PO-PHONE-${++po}`,
      payment_type: 'FINANCE',
    });
    expect(placed.status).toBe(422);
    expect(placed.body).toMatchObject({ code: 'contact_number_regex', parameter: 'finance_contact_number' });
    expect(await count(server.db, 'orders')).toBe(orders);
  });
});
