import path from 'node:path';
import { z } from 'zod';
import { readRelease, type Release } from './version.ts';
import { AUTH_SECRET_MIN, ConfigError, pmtilesProblem, readOrCreateSecret } from './config-files.ts';
import { TILE_DEFAULTS, tileLayers, type TileLayerConfig } from './config-tiles.ts';
import {
  DEFAULT_BACKUP_SCHEDULE,
  parseSchedule,
  scheduleProblem,
  type BackupSchedule,
} from './backup/backup-schedule-times.ts';
import { SignupPolicySchema } from '../common/schemas/admin-settings.ts';

/** The shortest METRICS_TOKEN taken: /metrics has no rate limit, so the token must not be guessable. */
const METRICS_TOKEN_MIN = 16;

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const EnvSchema = z
  .object({
    NODE_ENV: z.string().default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    /** How long one statement may run on PostgreSQL (ms; 0: no bound). Migrations are not bound by it. */
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
    /** How long one statement of the map's and the list's reads may run on PostgreSQL (ms; 0: no bound; ADR 0039). */
    DB_READ_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(4_000),
    /** Past this many spots in view the map draws counted cells, not pins (ADR 0034). */
    MAP_OVERVIEW_FROM: z.coerce.number().int().min(0).max(100_000).default(2_000),
    STORAGE: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_BUCKET: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: booleanFlag.default(false),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().default('Foray <foray@localhost>'),
    AUTH_SECRET: z.string().min(AUTH_SECRET_MIN, `must be at least ${AUTH_SECRET_MIN} characters`).optional(),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value): boolean | number | string => {
        if (value === undefined || value === '' || value === 'false' || value === '0') return false;
        if (value === 'true') return true;
        if (/^\d+$/.test(value)) return Number(value);
        return value; // a comma-separated list of trusted addresses or CIDR ranges
      }),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TILE_STREET_URL: z.string().default(TILE_DEFAULTS.street.url),
    TILE_STREET_ATTRIBUTION: z.string().default(TILE_DEFAULTS.street.attribution),
    TILE_SATELLITE_URL: z.string().default(TILE_DEFAULTS.satellite.url),
    TILE_SATELLITE_ATTRIBUTION: z.string().default(TILE_DEFAULTS.satellite.attribution),
    TILE_TOPO_URL: z.string().default(TILE_DEFAULTS.topo.url),
    TILE_TOPO_ATTRIBUTION: z.string().default(TILE_DEFAULTS.topo.attribution),
    TILE_DARK_URL: z.string().default(TILE_DEFAULTS.dark.url),
    TILE_DARK_ATTRIBUTION: z.string().default(TILE_DEFAULTS.dark.attribution),
    TILE_STREET_CACHE: booleanFlag.default(TILE_DEFAULTS.street.cache),
    TILE_SATELLITE_CACHE: booleanFlag.default(TILE_DEFAULTS.satellite.cache),
    TILE_TOPO_CACHE: booleanFlag.default(TILE_DEFAULTS.topo.cache),
    TILE_DARK_CACHE: booleanFlag.default(TILE_DEFAULTS.dark.cache),
    MAP_REGION_FILE: z.string().optional(),
    MAP_REGION_NAME: z.string().max(100).optional(),
    /** Scheduled backups (ADR 0054): off unless BACKUP_DIR is set. */
    BACKUP_DIR: z.string().min(1).optional(),
    BACKUP_SCHEDULE: z
      .string()
      .optional()
      .superRefine((value, ctx) => {
        if (value === undefined) return;
        const problem = scheduleProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
    /** The bearer token Prometheus sends to read GET /metrics (ADR 0080); unset, /metrics does not exist. */
    METRICS_TOKEN: z
      .string()
      .min(METRICS_TOKEN_MIN, `must be at least ${METRICS_TOKEN_MIN} characters`)
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .optional(),
    /** How people may join a NEW server, read at its first start only; later an administrator changes it (ADR 0077). */
    SIGNUP_POLICY: SignupPolicySchema.optional(),
    /** The photo quota of an account in MB, until an administrator sets the server's default or an account's own. */
    PHOTO_QUOTA_MB: z.coerce.number().int().min(0).max(100_000_000).default(2048),
    /** Below this much free disk where photos are stored (local storage), uploads are refused with 507. */
    DISK_FREE_MIN_MB: z.coerce.number().int().min(0).max(100_000_000).default(512),
    /** Which release this is, set by whoever packaged it; otherwise package.json's version and git's commit. */
    FORAY_VERSION: z.string().max(100).optional(),
    FORAY_COMMIT: z
      .string()
      .regex(/^[0-9a-f]{7,40}$/, 'must be a git commit hash')
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_URL && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required when DATABASE_URL is set' });
    }
    if (env.STORAGE === 's3') {
      for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when STORAGE=s3' });
      }
    }
    if (env.BACKUP_SCHEDULE && !env.BACKUP_DIR) {
      ctx.addIssue({ code: 'custom', path: ['BACKUP_DIR'], message: 'is required when BACKUP_SCHEDULE is set' });
    }
    if (env.MAP_REGION_NAME && !env.MAP_REGION_FILE) {
      ctx.addIssue({ code: 'custom', path: ['MAP_REGION_NAME'], message: 'is set but MAP_REGION_FILE is not' });
    }
    if (env.MAP_REGION_FILE) {
      const problem = pmtilesProblem(env.MAP_REGION_FILE);
      if (problem) ctx.addIssue({ code: 'custom', path: ['MAP_REGION_FILE'], message: problem });
    }
  });

export { ConfigError };
export type { TileLayerConfig };

/** Every variable Foray reads (compose-file.test.ts checks compose.yaml sets no other). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape);

export type Config = {
  nodeEnv: string;
  port: number;
  host: string;
  publicUrl: string;
  /** Whether PUBLIC_URL was given; otherwise publicUrl is made up from PORT. */
  publicUrlIsSet: boolean;
  secureCookies: boolean;
  dataDir: string;
  database:
    | { kind: 'pglite'; dir: string }
    | { kind: 'postgres'; url: string; statementTimeoutMs: number; readStatementTimeoutMs: number };
  storage:
    | { kind: 'local'; dir: string }
    | {
        kind: 's3';
        endpoint: string | undefined;
        region: string;
        bucket: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      };
  mail: { smtpUrl: string | undefined; from: string };
  authSecret: string;
  /** Whether the secret came from AUTH_SECRET or from the file Foray keeps in DATA_DIR (a restore writes that file). */
  authSecretFrom: 'environment' | 'data-folder';
  /** Scheduled backups into `dir`, keeping the newest `keep` (ADR 0054); null when off. */
  backup: { dir: string; schedule: BackupSchedule; keep: number } | null;
  trustProxy: boolean | number | string;
  logLevel: string;
  tileLayers: TileLayerConfig[];
  /** The operator's PMTiles extract of an OpenStreetMap basemap, served to signed-in users (ADR 0017); null when unset. */
  mapRegion: { file: string; name: string } | null;
  /** How often the mail outbox is worked, in ms. Tests make it short. */
  outboxIntervalMs: number;
  /** Past this many spots in view the map draws counted cells from the tiles instead of pins (ADR 0034). */
  mapOverviewFrom: number;
  /** The sign-up policy a new server starts with (SIGNUP_POLICY); undefined: `invite` (ADR 0077). */
  signupPolicy: 'open' | 'invite' | 'approval' | 'closed' | undefined;
  /** An account's photo quota in MB until an administrator sets another (PHOTO_QUOTA_MB). */
  photoQuotaMb: number;
  /** Free disk below which photo uploads are refused, in MB (DISK_FREE_MIN_MB; local storage only). */
  diskFreeMinMb: number;
  /** Which Foray this is: in /healthz and the start line. */
  release: Release;
  /** The bearer token of GET /metrics; null: no /metrics (ADR 0080). */
  metricsToken: string | null;
};

/** Reads and checks the environment once. Every bad variable is named in the error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset, as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    publicUrlIsSet: e.PUBLIC_URL !== undefined,
    secureCookies: publicUrl.startsWith('https://'),
    dataDir,
    database: e.DATABASE_URL
      ? {
          kind: 'postgres',
          url: e.DATABASE_URL,
          statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
          readStatementTimeoutMs: e.DB_READ_STATEMENT_TIMEOUT_MS,
        }
      : { kind: 'pglite', dir: path.join(dataDir, 'db') },
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET!,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'local', dir: path.join(dataDir, 'photos') },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    authSecret: e.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    authSecretFrom: e.AUTH_SECRET ? 'environment' : 'data-folder',
    backup: e.BACKUP_DIR
      ? {
          dir: path.resolve(e.BACKUP_DIR),
          schedule: parseSchedule(e.BACKUP_SCHEDULE ?? DEFAULT_BACKUP_SCHEDULE),
          keep: e.BACKUP_KEEP,
        }
      : null,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    tileLayers: tileLayers(e),
    mapRegion: e.MAP_REGION_FILE
      ? {
          file: path.resolve(e.MAP_REGION_FILE),
          name: e.MAP_REGION_NAME ?? path.basename(e.MAP_REGION_FILE).replace(/\.pmtiles$/i, ''),
        }
      : null,
    outboxIntervalMs: 1000,
    mapOverviewFrom: e.MAP_OVERVIEW_FROM,
    signupPolicy: e.SIGNUP_POLICY,
    photoQuotaMb: e.PHOTO_QUOTA_MB,
    diskFreeMinMb: e.DISK_FREE_MIN_MB,
    release: readRelease({ version: e.FORAY_VERSION, commit: e.FORAY_COMMIT }),
    metricsToken: e.METRICS_TOKEN ?? null,
  };
}

/**
 * The size of libuv's thread pool, which sharp's photo jobs and argon2's hashing share. libuv reads
 * UV_THREADPOOL_SIZE itself, once, when the pool starts: the operator sets it before Foray starts, and Foray
 * only reads it to size its own work (4, libuv's default, when unset).
 */
export function libuvThreadPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  return Number(env.UV_THREADPOOL_SIZE) || 4;
}
