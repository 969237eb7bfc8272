import { expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createTestDatabase } from '../test/database';

// Only a PostgreSQL server can kill a connection; PGlite has no pool.
it.skipIf(!process.env.TEST_DATABASE_URL)(
  'an idle connection killed by the server does not crash the process, and the next query reconnects',
  async () => {
    const database = await createTestDatabase();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { rows } = (await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: Array<{ pid: number }> };
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [rows[0].pid]);
    await admin.end();
    // The pool reports the dead idle connection (its 'error' handler warns); wait for that event, not for a time.
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('idle connection closed')), {
      timeout: 10_000,
      interval: 20,
    });
    warn.mockRestore();
    const again = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: Array<{ one: number }> };
    expect(again.rows[0].one).toBe(1);
    await database.close();
  },
);
