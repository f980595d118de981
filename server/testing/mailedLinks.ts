import type { Knex } from 'knex';

/** The token of the latest invitation or reset link queued for `to` (read from the outbox). */
export async function lastMailedToken(db: Knex, to: string): Promise<string> {
  const rows = (await db('outbox_messages').where('topic', 'mail').orderBy('id', 'desc').select('payload')) as { payload: string }[];
  for (const row of rows) {
    const message = JSON.parse(row.payload) as { to: string; text: string };
    const match = /\/set_password#([A-Za-z0-9_-]+)/.exec(message.text);
    if (message.to === to && match) return match[1]!;
  }
  throw new Error(`no link mailed to ${to}`);
}
