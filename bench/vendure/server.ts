/**
 * Vendure, the peer of bench/vendure-compare.ts (issue 20): a minimal server on the PostgreSQL
 * database given as the first argument, built by the bench into dist/server.cjs and started pinned
 * to core 0 as the portal is (bench/support/pinned.ts#startBundled). No plugins at all: no admin UI,
 * no asset server, no e-mail, no search index, no job-queue worker. Shop and Admin APIs only,
 * bearer tokens (the bench's clients keep one each), and one payment method handler that settles
 * at once, as Vendure's own end-to-end tests do (their `testSuccessfulPaymentMethod`). The schema
 * is created by TypeORM's `synchronize` on the scratch database; the bench seeds it through the
 * Admin API (bench/support/vendureSeed.ts).
 *
 * Telemetry is off (VENDURE_DISABLE_TELEMETRY). Prints "listening <port>" once it accepts connections; exits cleanly on SIGTERM.
 */
import type { AddressInfo } from 'node:net';
import { bootstrap, DefaultLogger, LanguageCode, LogLevel, PaymentMethodHandler, type VendureConfig } from '@vendure/core';

/** Settles the whole amount on `addPaymentToOrder`: the order goes straight to PaymentSettled. */
const benchPaymentHandler = new PaymentMethodHandler({
  code: 'bench-payment',
  description: [{ languageCode: LanguageCode.en, value: 'Settles at once (bench)' }],
  args: {},
  createPayment: (_ctx, order, amount) => ({ amount, state: 'Settled' as const, transactionId: `bench-${order.code}`, metadata: {} }),
  settlePayment: () => ({ success: true }),
});

async function main(): Promise<void> {
  // Vendure 3 sends usage telemetry to its makers at start unless told not to: a bench sends nothing off this machine.
  process.env['VENDURE_DISABLE_TELEMETRY'] = 'true';
  const database = new URL(process.argv[2] ?? '');
  const config: VendureConfig = {
    apiOptions: {
      hostname: '127.0.0.1',
      port: Number(process.env['VENDURE_PORT'] ?? 0),
      shopApiPath: 'shop-api',
      adminApiPath: 'admin-api',
    },
    authOptions: {
      tokenMethod: 'bearer',
      requireVerification: false,
      superadminCredentials: { identifier: 'superadmin', password: 'superadmin' },
    },
    dbConnectionOptions: {
      type: 'postgres',
      host: database.hostname,
      port: Number(database.port || 5432),
      username: decodeURIComponent(database.username),
      password: decodeURIComponent(database.password),
      database: database.pathname.slice(1),
      synchronize: true,
      logging: false,
    },
    paymentOptions: { paymentMethodHandlers: [benchPaymentHandler] },
    logger: new DefaultLogger({ level: LogLevel.Warn }),
    plugins: [],
  };
  const app = await bootstrap(config);
  const server = app.getHttpServer() as { address(): AddressInfo };
  console.log(`listening ${server.address().port}`);
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
