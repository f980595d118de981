import { connect, migrate, refreshStatistics } from '../db/connect';
import { seedSyntheticCatalogue } from '../../seeds/synthetic';
import { seedDemoIfEmpty } from './demo';

/** `hub migrate` and `hub seed [--demo] [--products N]` against DATABASE_URL. */
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
      if (argv.includes('--demo') || productsFlag < 0) console.log((await seedDemoIfEmpty(db)) ? 'demo data loaded' : 'database already has data');
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
      return 0;
    }
    console.error(`unknown command ${command ?? ''}`);
    return 2;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2));
