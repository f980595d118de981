import { priceLine } from '../../../shared/pricing';
import { DomainError } from '../../domain/errors';
import type {
  Basket,
  BasketCreate,
  BasketLineInput,
  BasketLineItem,
  BasketUpdate,
  QuickOrderInput,
  QuickOrderResult,
} from '../../generated/types';
import { visibleRecord } from '../../reads/recordParts';
import type { Records } from '../../writes/records';
import type { SessionUser } from '../auth/sessionUser';
import { basketPriceList, buyableBySku, buyableProducts } from './basketProducts';
import {
  basketLineViews,
  checkProvisioningTarget,
  choiceOf,
  lineError,
  problemCodeOf,
  productFor,
  recomputeTotal,
  storedLines,
} from './basketLines';
import { DETAIL_FIELDS, detailProblem, existingTeamNames, normaliseDetails, teamNameClash, type SubscriptionType } from './lineDetails';
import { withApprovalKept } from '../checkout/financeApproval';
import { lineLike, sameLine } from './sameLine';

/** The most lines one save or quick order may carry: a basket is a shopping list, not a catalogue. */
export const MAX_LINES = 200;

const asBasket = async (id: number, records: Records, user: SessionUser) =>
  (await visibleRecord('getBasket', id, { db: records.db, user })) as unknown as Basket;

/**
 * The caller's basket, to write (404 outside their reach, as if missing); the router has locked its
 * row. Root reads the baskets of its tree (000 §2.8) but writes only its own organisation's: 403.
 */
async function ownBasket(id: number, records: Records, user: SessionUser): Promise<Basket> {
  const basket = await asBasket(id, records, user);
  if (basket.organisation?.id !== user.organisation.id) {
    throw new DomainError('forbidden', 'forbidden', { detail: 'a basket of another organisation is read only' });
  }
  return basket;
}

/**
 * 000 §7 POST /baskets: a basket of the caller's own organisation in its currency, with its first
 * lines if given (each checked as an add), in the request's one transaction.
 */
export async function createBasket(records: Records, user: SessionUser, body: BasketCreate): Promise<Basket> {
  const { line_items: lineItems = [], ...details } = body;
  if (lineItems.length > MAX_LINES)
    throw new DomainError('invalid', 'invalid_body', { field: 'line_items', detail: `at most ${MAX_LINES} lines` });
  if (lineItems.length > 0 && user.root)
    throw new DomainError('forbidden', 'forbidden', { field: 'line_items', detail: 'root users do not buy' });
  const id = await records.insert('basket', {
    ...details,
    organisation: user.organisation.id,
    currency: user.organisation.currency,
    created_by: user.id,
    created_at: records.now().toISOString(),
  });
  for (const [index, line] of lineItems.entries()) await insertLine(records, user, id, line, `line_items/${index}/`);
  if (lineItems.length > 0) await recomputeTotal(records, user, id);
  return asBasket(id, records, user);
}

/**
 * One line checked as an add is (000 §5) and written; the caller recomputes the total. The same
 * product with the same plan, maintenance and provisioning as a line already there raises that
 * line's quantity instead (issue 22 item 13), checked at the quantity it comes to.
 */
async function insertLine(records: Records, user: SessionUser, basketId: number, body: BasketLineInput, prefix = ''): Promise<number> {
  const line = { ...body, quantity: body.quantity ?? 1 };
  const products = await buyableProducts(records.db, await basketPriceList(records.db, user), [line.product]);
  const product = productFor(products, line.product, prefix);
  const priced = priceLine(product, choiceOf(line));
  // The plan priced is stored: a line without one took the product's default (000 §5).
  const chosen = { ...line, selected_rate_plan: priced.plan?.id ?? null };
  const existing = await lineLike(records.db, basketId, chosen);
  const quantity = existing ? Number(existing.quantity) + line.quantity : line.quantity;
  const discount = existing?.discount === undefined || existing.discount === null ? null : String(existing.discount);
  const [problem] = existing
    ? priceLine(product, choiceOf({ ...chosen, quantity, discount, markup: existing.markup ?? null })).problems
    : priced.problems;
  if (problem) throw lineError(problem, prefix);
  await checkProvisioningTarget(records.db, user, line, prefix);
  const auditOn = {
    auditOn: { entity: 'basket' as const, id: basketId, field: 'line_items', value: `${product.product_code} × ${quantity}` },
  };
  if (existing) {
    await records.update('basket_line_item', existing.id, { quantity }, auditOn);
    return existing.id;
  }
  return records.insert('basket_line_item', { ...chosen, basket: basketId }, auditOn);
}

/**
 * 000 §2.4 add to basket: the line is checked with the quantity and price rules of §5 (the same
 * shared/pricing the price box runs) and added as a new line; the basket's total is recomputed.
 */
export async function addLine(records: Records, user: SessionUser, basketId: number, body: BasketLineInput): Promise<BasketLineItem> {
  await ownBasket(basketId, records, user);
  const id = await withApprovalKept(records, basketId, () => insertLine(records, user, basketId, body));
  await recomputeTotal(records, user, basketId);
  const views = await basketLineViews(records.db, user, basketId);
  const view = views.find((candidate) => candidate.id === id);
  if (!view) throw new Error('the line just added is missing');
  return view;
}

type LineUpdate = NonNullable<BasketUpdate['line_items']>[number];

/**
 * 000 §4 basket editing, §7 PUT /baskets/{id}: the details, and when line_items is sent the whole
 * set of lines (a line left out is removed, quantity 0 removes it, a line without id is new).
 * Every line is re-checked and re-priced; the Dropbox, Acronis and named-order rules of §5 apply.
 */
export async function saveBasket(records: Records, user: SessionUser, basketId: number, body: BasketUpdate): Promise<Basket> {
  await ownBasket(basketId, records, user);
  const { line_items: lineItems, ...details } = body;
  // A change to what finance was approved for clears the approval (docs/buying.md "Finance").
  await withApprovalKept(records, basketId, async () => {
    await records.update('basket', basketId, details);
    if (lineItems !== undefined) await saveLines(records, user, basketId, lineItems);
  });
  await recomputeTotal(records, user, basketId);
  return asBasket(basketId, records, user);
}

async function saveLines(records: Records, user: SessionUser, basketId: number, lineItems: LineUpdate[]): Promise<void> {
  if (lineItems.length > MAX_LINES)
    throw new DomainError('invalid', 'invalid_body', { field: 'line_items', detail: `at most ${MAX_LINES} lines` });
  const stored = new Map((await storedLines(records.db, basketId)).map((line) => [line.id, line]));
  const seen = new Set<number>();
  for (const [index, line] of lineItems.entries()) {
    if (line.id === undefined) continue;
    if (!stored.has(line.id) || seen.has(line.id))
      throw new DomainError('unprocessable', 'unknown_line_item', { field: `line_items/${index}/id` });
    seen.add(line.id);
  }
  const products = await buyableProducts(
    records.db,
    await basketPriceList(records.db, user),
    lineItems.map((line) => line.product),
  );
  const kept = lineItems.map((line, index) => ({ line, index })).filter(({ line }) => (line.quantity ?? 1) !== 0);
  const teams: (string | null)[] = [];
  for (const { line, index } of kept) {
    const prefix = `line_items/${index}/`;
    const product = productFor(products, line.product, prefix);
    const discount = line.id === undefined ? null : (stored.get(line.id)?.discount ?? null);
    const [problem] = priceLine(
      product,
      choiceOf({ ...line, quantity: line.quantity ?? 1, discount: discount === null ? null : String(discount) }),
    ).problems;
    if (problem) throw lineError(problem, prefix);
    const detail = detailProblem(product.subscription_type as SubscriptionType | null, line);
    if (detail) throw new DomainError('unprocessable', detail.code, { field: `${prefix}${detail.field}` });
    await checkProvisioningTarget(records.db, user, { ...line, quantity: line.quantity ?? 1 }, prefix);
    teams.push(product.subscription_type === 'DROPBOX' ? (line.dropbox_team_name ?? null) : null);
  }
  const clash = teamNameClash(teams, await existingTeamNames(records.db, user.organisation.id));
  if (clash) {
    const at = kept[clash.index];
    throw new DomainError('conflict', clash.code, { field: `line_items/${at?.index ?? 0}/dropbox_team_name` });
  }

  const auditOn = (value: string) => ({ auditOn: { entity: 'basket' as const, id: basketId, field: 'line_items', value } });
  const keptIds = new Set(kept.flatMap(({ line }) => (line.id === undefined ? [] : [line.id])));
  for (const [id, line] of stored) {
    if (!keptIds.has(id)) await records.remove('basket_line_item', id, auditOn(`line ${id} (product ${line.product})`));
  }
  for (const { line } of kept) {
    const { id, ...fields } = line;
    const values = { ...fields, quantity: line.quantity ?? 1, ...normaliseDetails(pick(line)) };
    if (id === undefined)
      await records.insert('basket_line_item', { ...values, basket: basketId }, auditOn(`product ${line.product} × ${values.quantity}`));
    else await records.update('basket_line_item', id, values, auditOn(`line ${id}`));
  }
}

function pick(line: LineUpdate) {
  return Object.fromEntries(DETAIL_FIELDS.map((field) => [field, line[field] ?? null]));
}

/**
 * Quick order (issue 8 point 5): SKU and quantity pairs checked with the add's rules, each line
 * answered on its own; all are added, or — if any fails — none, and the answer says which failed
 * and why. A hidden, withdrawn or unknown SKU reads the same (unknown_sku).
 */
export async function quickOrder(records: Records, user: SessionUser, basketId: number, body: QuickOrderInput): Promise<QuickOrderResult> {
  await ownBasket(basketId, records, user);
  if (body.lines.length === 0 || body.lines.length > MAX_LINES)
    throw new DomainError('invalid', 'invalid_body', { field: 'lines', detail: `1 to ${MAX_LINES} lines` });
  const products = await buyableBySku(
    records.db,
    await basketPriceList(records.db, user),
    body.lines.map((line) => line.sku),
  );
  const results = body.lines.map((line, index) => {
    const product = products.get(line.sku.trim().toLowerCase());
    const base = {
      line: index + 1,
      sku: line.sku,
      quantity: line.quantity,
      product: product?.id ?? null,
      line_item: null as number | null,
    };
    if (!product)
      return {
        ...base,
        ok: false,
        code: 'unknown_sku' as string,
        message_key: 'problem.unknown_sku' as string | null,
        plan: null as number | null,
      };
    const priced = priceLine(product, { quantity: line.quantity });
    const [problem] = priced.problems;
    if (problem)
      return {
        ...base,
        ok: false,
        code: problemCodeOf(problem) as string,
        message_key: `problem.${problemCodeOf(problem)}` as string | null,
        plan: null,
      };
    return { ...base, ok: true, code: null as string | null, message_key: null as string | null, plan: priced.plan?.id ?? null };
  });
  const answer = () => results.map(({ plan: _plan, ...result }) => result);
  if (results.some((result) => !result.ok)) return { added: false, results: answer() };
  // A product already in the basket (same plan, no options), or named twice, is one line whose
  // quantity is the sum (issue 22 item 13), checked at that quantity: all or nothing still.
  const stored = await storedLines(records.db, basketId);
  const groups = new Map<string, { existing: (typeof stored)[number] | undefined; quantity: number; members: typeof results }>();
  for (const result of results) {
    const key = `${result.product}/${result.plan}`;
    const group = groups.get(key) ?? {
      existing: stored.find((line) => sameLine(line, { product: result.product!, quantity: 0, selected_rate_plan: result.plan })),
      quantity: 0,
      members: [],
    };
    if (!groups.has(key)) group.quantity = group.existing ? Number(group.existing.quantity) : 0;
    group.quantity += result.quantity;
    group.members.push(result);
    groups.set(key, group);
  }
  for (const group of groups.values()) {
    const product = [...products.values()].find((candidate) => candidate.id === group.members[0]!.product)!;
    const [problem] = priceLine(product, { quantity: group.quantity, ratePlanId: group.members[0]!.plan }).problems;
    if (!problem) continue;
    for (const member of group.members)
      Object.assign(member, { ok: false, code: problemCodeOf(problem), message_key: `problem.${problemCodeOf(problem)}` });
  }
  if (results.some((result) => !result.ok)) return { added: false, results: answer() };
  await withApprovalKept(records, basketId, async () => {
    for (const group of groups.values()) {
      const [first] = group.members;
      const auditOn = {
        auditOn: { entity: 'basket' as const, id: basketId, field: 'line_items', value: `${first!.sku} × ${group.quantity}` },
      };
      let id = group.existing?.id;
      if (id !== undefined) await records.update('basket_line_item', id, { quantity: group.quantity }, auditOn);
      else
        id = await records.insert(
          'basket_line_item',
          { basket: basketId, product: first!.product, quantity: group.quantity, selected_rate_plan: first!.plan },
          auditOn,
        );
      for (const member of group.members) member.line_item = id;
    }
  });
  await recomputeTotal(records, user, basketId);
  return { added: true, results: answer() };
}
