import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { createApp } from '../app';
import { connect } from '../db/connect';
import type { TestServer } from './testServer';

/** A second app over the test server's database, with its own connection pool: another process behind a load balancer. */
export interface SecondInstance {
  db: Knex;
  server: Server;
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * Starts a second instance of the app on the database of `server`, for the caches' tests
 * (docs/performance.md): what one instance writes must show on the other's next request.
 */
export async function startSecondInstance(server: TestServer): Promise<SecondInstance> {
  const db = connect(server.url);
  const listening: Server = await new Promise((resolve) => {
    const started = createApp(db).listen(0, '127.0.0.1', () => resolve(started));
  });
  return {
    db,
    server: listening,
    baseUrl: `http://127.0.0.1:${(listening.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise<void>((resolve) => listening.close(() => resolve()));
      await db.destroy();
    },
  };
}
