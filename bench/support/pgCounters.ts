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
}

export async function readCounters(url: string): Promise<Counters> {
  const db = knexFactory({ client: 'pg', connection: url });
  try {
    const database = (await db.raw(`select xact_commit::bigint as commits from pg_stat_database where datname = current_database()`)) as {
      rows: { commits: string }[];
    };
    const tables = (await db.raw(
      `select coalesce(sum(n_tup_ins), 0)::bigint as inserted, coalesce(sum(n_tup_upd), 0)::bigint as updated,
              coalesce(sum(n_tup_del), 0)::bigint as deleted from pg_stat_user_tables`,
    )) as { rows: { inserted: string; updated: string; deleted: string }[] };
    const [row] = tables.rows;
    return {
      commits: Number(database.rows[0]?.commits ?? 0),
      inserted: Number(row?.inserted ?? 0),
      updated: Number(row?.updated ?? 0),
      deleted: Number(row?.deleted ?? 0),
    };
  } finally {
    await db.destroy();
  }
}

/** Per order between two readings: "commits, inserted / updated / deleted rows". */
export function perOrder(before: Counters, after: Counters, orders: number): string {
  const each = (key: keyof Counters) => ((after[key] - before[key]) / orders).toFixed(1);
  return `${each('commits')} commits, rows ${each('inserted')} inserted / ${each('updated')} updated / ${each('deleted')} deleted`;
}
