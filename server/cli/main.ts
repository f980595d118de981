import { join } from 'node:path';
import type { Knex } from 'knex';
import { connect, migrate, refreshStatistics } from '../db/connect';
import { addKeyToFile, dataDirectory, KEY_FILE_NAME, loadKeyRing, newKey, resealAll } from '../db/secrets';
import { seedSyntheticCatalogue } from '../../seeds/synthetic';
import { seedSyntheticOrders } from '../../seeds/syntheticOrders';
import { seedDemoIfEmpty } from './demo';

/**
 * `hub secrets new-key`: a new current key in front of the key file's (docs/secrets.md; with
 * HUB_SECRET_KEY, a key to put in front of it is printed instead). `hub secrets reseal`: every
 * sealed value under the current key, plain ones (from before sealing) sealed.
 */
async function secrets(db: Knex, action: string | undefined): Promise<number> {
  if (action === 'new-key') {
    if (process.env['HUB_SECRET_KEY']) {
      console.log(`HUB_SECRET_KEY is set: put this key in front of it, comma-separated, then run hub secrets reseal:\n${newKey()}`);
    } else {
      console.log(
        `key ${addKeyToFile()} now seals; run hub secrets reseal, then remove the older keys from ${join(dataDirectory(), KEY_FILE_NAME)}`,
      );
    }
    return 0;
  }
  if (action === 'reseal') {
    const ring = loadKeyRing();
    const { sealed, resealed } = await resealAll(db, ring);
    console.log(`${resealed} values re-sealed and ${sealed} plain values sealed under key ${ring.current.id}`);
    return 0;
  }
  console.error('usage: hub secrets new-key | hub secrets reseal');
  return 2;
}

/** `hub migrate`, `hub seed [--demo] [--products N] [--orders N [--organisations N]]` and `hub secrets …` against DATABASE_URL. */
async function main(argv: string[]): Promise<number> {
  const [command] = argv;
  const db = connect();
  try {
    await migrate(db);
    if (command === 'migrate') {
      console.log('migrations are up to date');
      return 0;
    }
    if (command === 'seed') {
      const productsFlag = argv.indexOf('--products');
      if (argv.includes('--demo') || (productsFlag < 0 && !argv.includes('--orders')))
        console.log((await seedDemoIfEmpty(db)) ? 'demo data loaded' : 'database already has data');
      if (productsFlag >= 0) {
        const count = Number(argv[productsFlag + 1]);
        if (!Number.isInteger(count) || count < 1) {
          console.error('--products needs a positive whole number');
          return 2;
        }
        const result = await seedSyntheticCatalogue(db, { products: count });
        await refreshStatistics(db);
        console.log(`${result.products} synthetic products in ${result.ms} ms`);
      }
      const ordersFlag = argv.indexOf('--orders');
      if (ordersFlag >= 0) {
        const organisationsFlag = argv.indexOf('--organisations');
        const orders = Number(argv[ordersFlag + 1]);
        const organisations = organisationsFlag >= 0 ? Number(argv[organisationsFlag + 1]) : 1000;
        if (![orders, organisations].every((count) => Number.isInteger(count) && count >= 1)) {
          console.error('--orders and --organisations need positive whole numbers');
          return 2;
        }
        await seedDemoIfEmpty(db);
        const result = await seedSyntheticOrders(db, { orders, organisations });
        await refreshStatistics(db);
        console.log(`${result.organisations} synthetic organisations and ${result.orders} orders in ${result.ms} ms`);
      }
      return 0;
    }
    if (command === 'secrets') return await secrets(db, argv[1]);
    console.error(`unknown command ${command ?? ''}`);
    return 2;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2));
