import cluster, { type Worker } from 'node:cluster';

/**
 * The primary of a portal run as several processes (WEB_CONCURRENCY > 1; docs/performance.md,
 * "Several processes"). It has prepared the database (migrations, demo seed, re-sealing) before
 * it is called, so the workers only serve: each is the whole portal (its own connection pool, its
 * caches kept right by the database's data versions, its outbox, feed and expiry jobs, which are
 * safe side by side) and they share the listening port, node:cluster handing each connection to
 * one of them in turn. A worker that dies unasked is replaced; SIGTERM and SIGINT are passed on,
 * and the primary exits once every worker has finished its requests in flight.
 */
export function runCluster(count: number, entry: string, onListening: (port: number) => void): void {
  // The workers run the server's entry (the bundle under `npm start`, not scripts/start.js, which
  // built it; server/main.ts under tsx) with the same Node flags; source maps on, as
  // scripts/start.js turns them on for a single process.
  cluster.setupPrimary({ execArgv: [...process.execArgv, '--enable-source-maps'], exec: entry });
  let stopping = false;
  let announced = false;
  const listening = new Set<number>();
  const fork = (): Worker => cluster.fork();
  cluster.on('listening', (worker, address) => {
    listening.add(worker.id);
    if (!announced && listening.size >= count) {
      announced = true;
      onListening(address.port);
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    listening.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        console.log('stopped');
        process.exit(process.exitCode ?? 0);
      }
      return;
    }
    if (!announced) {
      // A worker that cannot start (the port taken, the database gone) would fail again: stop all.
      console.error(`server process ${worker.process.pid} ended (${signal ?? code}) before the portal was listening`);
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      return;
    }
    console.error(`server process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    fork();
  });
  for (let i = 0; i < count; i++) fork();

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping ${count} server processes`);
    // A terminal's Ctrl-C reaches the workers too (one process group); a second SIGINT is ignored there.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}
