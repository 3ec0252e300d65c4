// The database part of a backup: a logical dump, table by table, read inside one REPEATABLE READ READ ONLY
// transaction (one snapshot: consistent by construction), every value in PostgreSQL's own text form. It loads into
// PGlite or PostgreSQL alike, whichever made it (ADR 0054).
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { Manifest } from './manifest.ts';

type Executor = { execute(query: SQL): Promise<unknown> };
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

async function rowsOf<Row>(executor: Executor, query: SQL): Promise<Row[]> {
  return ((await executor.execute(query)) as { rows: Row[] }).rows;
}

/** Names come from the catalogue and the manifest's checked pattern; quoted, as "user" must be. */
const ident = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unexpected name in the database: ${JSON.stringify(name)}`);
  return sql.raw(`"${name}"`);
};

const FETCH_ROWS = 2000;
export const LOAD_BATCH_ROWS = 1000;

/**
 * The same text for the same value on either engine: UTC times in ISO form, the shortest exact form of each float
 * (PostgreSQL 12 and later), hex bytea. No statement timeout: a dump of a large instance takes longer than a request may.
 */
export async function useDumpSettings(tx: Executor) {
  await tx.execute(sql`set local timezone = 'UTC'`);
  await tx.execute(sql`set local datestyle = 'ISO, YMD'`);
  await tx.execute(sql`set local intervalstyle = 'postgres'`);
  await tx.execute(sql`set local extra_float_digits = 1`);
  await tx.execute(sql`set local bytea_output = 'hex'`);
  await tx.execute(sql`set local statement_timeout = 0`);
}

export type TableShape = { name: string; columns: { name: string; type: string }[] };

/**
 * The tables of the public schema, each after the tables it refers to (so rows load in this order), with their
 * stored columns: generated ones are left out, the database computes them again.
 */
export async function describeTables(executor: Executor): Promise<TableShape[]> {
  const columns = await rowsOf<{ table: string; name: string; type: string }>(
    executor,
    sql`select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
          and a.attgenerated = ''
        order by c.relname, a.attnum`,
  );
  const references = await rowsOf<{ child: string; parent: string }>(
    executor,
    sql`select child.relname as child, parent.relname as parent
        from pg_constraint k
        join pg_class child on child.oid = k.conrelid
        join pg_class parent on parent.oid = k.confrelid
        join pg_namespace n on n.oid = k.connamespace
        where k.contype = 'f' and n.nspname = 'public'`,
  );
  const tables = new Map<string, TableShape>();
  for (const column of columns) {
    const table = tables.get(column.table) ?? { name: column.table, columns: [] };
    table.columns.push({ name: column.name, type: column.type });
    tables.set(column.table, table);
  }
  // Depth-first: a table is placed once every table it refers to is.
  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (name: string) => {
    if (placed.has(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const { child, parent } of references) if (child === name && parent !== name) place(parent);
    visiting.delete(name);
    placed.add(name);
    const table = tables.get(name);
    if (table) ordered.push(table);
  };
  for (const name of [...tables.keys()].sort()) place(name);
  return ordered;
}

export async function readSequences(executor: Executor): Promise<Manifest['database']['sequences']> {
  return rowsOf<{ name: string; value: string | null }>(
    executor,
    sql`select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'
        order by sequencename`,
  );
}

/** The last migration applied, or null for a database no Foray has migrated. */
export async function readLastMigration(executor: Executor): Promise<{ hash: string; createdAt: number } | null> {
  const [present] = await rowsOf<{ present: boolean }>(
    executor,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!present?.present) return null;
  const [last] = await rowsOf<{ hash: string; created_at: string }>(
    executor,
    sql`select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  return last ? { hash: last.hash, createdAt: Number(last.created_at) } : null;
}

/**
 * The rows of one table as JSON Lines, one array of text values (or nulls) a row, in `columns`' order, read through
 * a cursor so a large table never sits in memory whole. `counted` hears the rows as they go.
 */
export async function* tableLines(
  tx: Executor,
  table: TableShape,
  counted: (rows: number) => void,
): AsyncGenerator<Buffer> {
  const values = sql.join(
    table.columns.map((column) => sql`${ident(column.name)}::text`),
    sql`, `,
  );
  await tx.execute(
    sql`declare foray_backup_rows no scroll cursor for
        select array_to_json(array[${values}]::text[])::text as line from public.${ident(table.name)}`,
  );
  for (;;) {
    const rows = await rowsOf<{ line: string }>(tx, sql.raw(`fetch forward ${FETCH_ROWS} from foray_backup_rows`));
    if (rows.length === 0) break;
    counted(rows.length);
    yield Buffer.from(rows.map((row) => row.line).join('\n') + '\n');
  }
  await tx.execute(sql`close foray_backup_rows`);
}

/** Photo files the rows name: a spot's photos and a visit's, each a photo and its thumbnail. */
export async function photoKeysNamed(tx: Executor): Promise<string[]> {
  const rows = await rowsOf<{ key: string }>(
    tx,
    sql`select photo_key as key from location_photos union all select thumbnail_key from location_photos
        union all select photo_key from visit_photos union all select thumbnail_key from visit_photos`,
  );
  return rows.map((row) => row.key).sort();
}

/**
 * Before loading: the schema was just made by the archive's migration, which may have written rows of its own (the
 * approximate points' seed): every table is emptied, and the triggers are off so rows load exactly as they were
 * dumped (the kept map counts are rows of the archive, not recounted; the shown points are not drawn again).
 */
export async function prepareLoad(tx: Transaction, tables: TableShape[]) {
  await tx.execute(sql`set local timezone = 'UTC'`);
  await tx.execute(sql`set local statement_timeout = 0`);
  for (const table of tables) await tx.execute(sql`alter table public.${ident(table.name)} disable trigger user`);
  if (tables.length > 0)
    await tx.execute(
      sql`truncate table ${sql.join(
        tables.map((table) => sql`public.${ident(table.name)}`),
        sql`, `,
      )}`,
    );
}

/** Inserts a batch of dumped lines, each value cast from its text by the column's own type. */
export async function loadLines(tx: Transaction, table: TableShape, columnNames: string[], lines: string[]) {
  const typeOf = new Map(table.columns.map((column) => [column.name, column.type]));
  const casts = columnNames.map((name, index) => {
    const type = typeOf.get(name);
    if (!type) throw new Error(`The table ${table.name} has no column ${name} in this schema`);
    return sql.raw(`(r.value->>${index})::${type}`);
  });
  await tx.execute(
    sql`insert into public.${ident(table.name)} (${sql.join(columnNames.map(ident), sql`, `)})
        select ${sql.join(casts, sql`, `)} from json_array_elements(${`[${lines.join(',')}]`}::json) as r(value)`,
  );
}

export async function finishLoad(tx: Transaction, tables: TableShape[], sequences: Manifest['database']['sequences']) {
  for (const sequence of sequences) {
    const name = `public.${sequence.name}`;
    if (sequence.value === null) await tx.execute(sql`select setval(${name}::regclass, 1, false)`);
    else await tx.execute(sql`select setval(${name}::regclass, ${sequence.value}::bigint, true)`);
  }
  for (const table of tables) await tx.execute(sql`alter table public.${ident(table.name)} enable trigger user`);
}

export async function countRows(executor: Executor, table: string): Promise<number> {
  const [row] = await rowsOf<{ count: string | number }>(
    executor,
    sql`select count(*) as count from public.${ident(table)}`,
  );
  return Number(row?.count ?? 0);
}
