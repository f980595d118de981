import { DomainError } from '../../domain/errors';
import type { Handler } from '../../http/operationDef';
import { signedIn } from '../auth/signedIn';
import { buyerOf } from '../checkout/checkoutLines';
import { priceListOf } from '../catalogue/priceLists';
import { filteredProducts } from '../catalogue/productQuery';
import { recipientCurrency } from './draftQuotes';
import { MAX_QUOTE_LINES, recipientProducts, type QuoteProduct } from './quoteLines';

type QuoteProductView = Awaited<ReturnType<Handler<'listQuoteProducts'>>>['rows'][number];

/** The contract's view of a quote product: the catalogue's view plus the two quote flags. */
const viewOf = (product: QuoteProduct) => product as unknown as QuoteProductView;

/**
 * GET /quotes/products (001 §2 quote edit wizard): the products a quote to the recipient may
 * carry, as a save will accept and price them (quoteLines.ts#recipientProducts): shown in the
 * recipient's webstore, active, not draft, priced from its list in its currency. A page by name
 * (ties by id), narrowed by `text`; or exactly the products named by `product`, in that order.
 */
export const listQuoteProducts: Handler<'listQuoteProducts'> = async ({ query }, context) => {
  const { db } = context;
  const user = signedIn(context);
  // No recipient chosen yet: nothing to offer (the editor asks once one is).
  if (query.organisation_to === undefined) return { rows: [], total: 0 };
  // The recipient a save would accept: below the caller, with a linked account and a catalogue.
  await recipientCurrency(db, user, query.organisation_to);
  const recipient = await buyerOf(db, query.organisation_to);
  if (query.product !== undefined && query.product.length > 0) {
    if (query.product.length > MAX_QUOTE_LINES)
      throw new DomainError('invalid', 'invalid_parameter', { field: 'product', detail: `at most ${MAX_QUOTE_LINES} products` });
    const found = await recipientProducts(db, recipient, query.product);
    const rows = [...new Set(query.product)].flatMap((id) => {
      const product = found.get(id);
      return product ? [viewOf(product)] : [];
    });
    return { rows, total: rows.length };
  }
  const list = await priceListOf(db, recipient);
  const offered = () =>
    filteredProducts(db, list.id, { text: query.text, sort_by: '+name' }, 'price', 'when-filtered')
      .where('p.active', true)
      .where('p.draft', false);
  const total = Number((await offered().count({ n: '*' }).first())?.['n'] ?? 0);
  const ids = (
    (await offered()
      .orderByRaw('lower(p.name) asc')
      .orderBy('p.id', 'asc')
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page)
      .select('p.id')) as { id: number }[]
  ).map((row) => Number(row.id));
  const products = await recipientProducts(db, recipient, ids);
  return { rows: ids.flatMap((id) => (products.has(id) ? [viewOf(products.get(id)!)] : [])), total };
};
