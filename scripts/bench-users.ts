/**
 * Verified foragers for the photo bench, written straight to the database: sign-up by mail is not what is measured.
 * `npm run bench:photos` makes them in its own server's database; scripts/measure-container.ts in a container's,
 * before the server in it starts.
 */
import crypto from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client.ts';

export const BENCH_PASSWORD = 'bench password 1';
/** The address of user `index` of the bench's run `run`: each run its own users, on a database runs share. */
export const benchEmail = (run: string, index: number) => `bench-photos-${run}-${index}@example.com`;

export async function insertBenchUsers(db: Database, run: string, count: number): Promise<void> {
  const passwordHash = await hash(BENCH_PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  for (let i = 0; i < count; i++) {
    const id = crypto.randomUUID();
    await db.execute(
      sql`insert into "user" (id, name, email, email_verified) values (${id}, 'bench', ${benchEmail(run, i)}, true)`,
    );
    await db.execute(
      sql`insert into account (id, account_id, provider_id, user_id, password) values (${crypto.randomUUID()}, ${id}, 'credential', ${id}, ${passwordHash})`,
    );
  }
}
