import knexFactory from 'knex';

/**
 * PostgreSQL's own counters of one database (pg_stat_database, pg_stat_user_tables): transactions
 * committed and rows inserted, updated and deleted. Two readings around a turn, divided by its
 * orders, say what an order costs the database on either side of a comparison, whatever the
 * framework in front. The server publishes a backend's counts at its transactions' ends at most
 * once a second (and within ten seconds when it goes idle, or when it disconnects): read after
 * the servers have stopped, or after a pause.
 */
export interface Counters {
  commits: number;
  inserted: number;
  updated: number;
  deleted: number;
  /** Rows written per table: inserted, updated, deleted. */
  tables: Map<string, [number, number, number]>;
}

export async function readCounters(url: string): Promise<Counters> {
  const db = knexFactory({ client: 'pg', connection: url });
  try {
    const database = (await db.raw(`select xact_commit::bigint as commits from pg_stat_database where datname = current_database()`)) as {
      rows: { commits: string }[];
    };
    const rows = (
      (await db.raw(`select relname, n_tup_ins, n_tup_upd, n_tup_del from pg_stat_user_tables`)) as {
        rows: { relname: string; n_tup_ins: string; n_tup_upd: string; n_tup_del: string }[];
      }
    ).rows;
    const tables = new Map(
      rows.map((row) => [row.relname, [Number(row.n_tup_ins), Number(row.n_tup_upd), Number(row.n_tup_del)] as [number, number, number]]),
    );
    const sum = (index: number) => [...tables.values()].reduce((total, counts) => total + counts[index]!, 0);
    return { commits: Number(database.rows[0]?.commits ?? 0), inserted: sum(0), updated: sum(1), deleted: sum(2), tables };
  } finally {
    await db.destroy();
  }
}

/**
 * Per order between two readings: "commits, inserted / updated / deleted rows", then the tables
 * written, most rows first, each with its inserted / updated / deleted rows an order.
 */
export function perOrder(before: Counters, after: Counters, orders: number): string {
  const each = (key: 'commits' | 'inserted' | 'updated' | 'deleted') => ((after[key] - before[key]) / orders).toFixed(1);
  const tables = [...after.tables]
    .map(([name, counts]) => {
      const earlier = before.tables.get(name) ?? [0, 0, 0];
      return [name, counts.map((count, index) => (count - earlier[index]!) / orders)] as const;
    })
    .filter(([, counts]) => counts.some((count) => count >= 0.05))
    .sort((a, b) => b[1].reduce((x, y) => x + y, 0) - a[1].reduce((x, y) => x + y, 0))
    .map(([name, counts]) => `${name} ${counts.map((count) => Number(count.toFixed(1))).join('/')}`);
  return `${each('commits')} commits, rows ${each('inserted')} inserted / ${each('updated')} updated / ${each('deleted')} deleted (${tables.join(', ')})`;
}
