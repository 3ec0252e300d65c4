/**
 * compose.yaml cannot be started here (no image registry is reachable), so what can be checked without pulling its
 * images is checked: it parses, every service says how it is healthy (the others wait on those checks), every
 * variable it reads is documented in .env.example, and what it gives Foray is a configuration Foray accepts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, loadConfig } from '../server/config.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const composeText = fs.readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8');
const envExample = fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8');

type Service = {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  healthcheck?: { test?: string[] | string; disable?: boolean };
  depends_on?: Record<string, { condition: string }>;
};
const compose = parse(composeText, { merge: true }) as { services: Record<string, Service> };
const services = Object.entries(compose.services);
/** Foray's servers: the services that run the image this checkout builds. */
const forayServices = services.filter(([, service]) => service.image === compose.services['foray-1']?.image);

/** `${NAME}`, `${NAME:-default}`, `${NAME:?message}`; `$$` is compose's escape for a literal dollar. */
const VARIABLE = /(?<!\$)\$\{([A-Z0-9_]+)(?:(:?[-?])([^}]*))?\}/g;

/** The variables .env.example documents, set or commented out (`NAME=` or `# NAME=`). */
const documented = new Set([...envExample.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!));

/** Fills a compose value's variables as compose does, from `env`; a missing required one throws. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(VARIABLE, (_whole, name: string, operator: string | undefined, operand: string) => {
    const given = env[name];
    if (given !== undefined && given !== '') return given;
    if (operator === ':?') throw new Error(`${name}: ${operand}`);
    return operator === ':-' ? operand : '';
  });
}

describe('compose.yaml', () => {
  it('runs two Foray servers behind Caddy, on PostgreSQL and Garage', () => {
    expect(services.map(([name]) => name).sort()).toEqual(['caddy', 'foray-1', 'foray-2', 'garage', 'postgres']);
    expect(forayServices.map(([name]) => name)).toEqual(['foray-1', 'foray-2']);
    // A pinned major version, never a floating `latest`.
    expect(compose.services.postgres?.image).toMatch(/^[\w./-]+:\d+$/);
    for (const name of ['caddy', 'garage']) expect(compose.services[name]?.image).toMatch(/:v?\d+\.\d+/);
  });

  it('gives every service a health check, and the servers wait for a healthy database and store', () => {
    for (const [name, service] of services) {
      const test = service.healthcheck?.test;
      expect(service.healthcheck?.disable, name).not.toBe(true);
      expect(Array.isArray(test) ? test[0] : test, `${name} has no health check`).toMatch(/^(CMD|CMD-SHELL)/);
      expect(test, name).not.toEqual(['NONE']);
    }
    expect(compose.services['foray-1']?.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      garage: { condition: 'service_healthy' },
    });
    expect(compose.services['foray-2']?.depends_on?.['foray-1']?.condition).toBe('service_healthy');
    expect(JSON.stringify(compose.services['foray-1']?.healthcheck?.test)).toContain('/healthz');
  });

  it('reads only variables that .env.example documents', () => {
    const used = new Set([...composeText.matchAll(VARIABLE)].map((match) => match[1]!));
    expect(used.size).toBeGreaterThan(5);
    expect([...used].filter((name) => !documented.has(name))).toEqual([]);
  });

  it('gives each Foray server a configuration Foray accepts: PostgreSQL, S3, HTTPS behind a trusted proxy', () => {
    // What an operator fills in, as .env.example asks.
    const env = {
      FORAY_DOMAIN: 'foray.example.org',
      POSTGRES_PASSWORD: 'a'.repeat(48),
      AUTH_SECRET: 'b'.repeat(64),
      GARAGE_RPC_SECRET: 'c'.repeat(64),
      S3_ACCESS_KEY_ID: `GK${'d'.repeat(32)}`,
      S3_SECRET_ACCESS_KEY: 'e'.repeat(64),
    };
    for (const [name, service] of forayServices) {
      const environment = Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([key, value]) => [key, interpolate(String(value), env)]),
      );
      expect(
        Object.keys(environment).filter((key) => !CONFIG_VARIABLES.includes(key)),
        name,
      ).toEqual([]);
      const config = loadConfig(environment);
      expect(config.publicUrl).toBe('https://foray.example.org');
      expect(config.secureCookies).toBe(true);
      expect(config.trustProxy).toBe(1);
      expect(config.database).toMatchObject({ kind: 'postgres', url: expect.stringContaining('@postgres:5432/') });
      expect(config.storage).toMatchObject({ kind: 's3', endpoint: 'http://garage:3900', forcePathStyle: true });
    }
    // Garage makes the very bucket and key the servers use.
    const garage = compose.services.garage?.environment ?? {};
    const server = compose.services['foray-1']?.environment ?? {};
    expect(interpolate(garage.GARAGE_DEFAULT_BUCKET!, env)).toBe(interpolate(server.S3_BUCKET!, env));
    expect(interpolate(garage.GARAGE_DEFAULT_ACCESS_KEY!, env)).toBe(interpolate(server.S3_ACCESS_KEY_ID!, env));
    expect(interpolate(garage.GARAGE_DEFAULT_SECRET_KEY!, env)).toBe(interpolate(server.S3_SECRET_ACCESS_KEY!, env));
  });

  it('refuses to start without the secrets an operator must choose', () => {
    const server = compose.services['foray-1']?.environment ?? {};
    expect(() => interpolate(server.AUTH_SECRET!, {})).toThrow(/AUTH_SECRET/);
    expect(() => interpolate(server.DATABASE_URL!, {})).toThrow(/POSTGRES_PASSWORD/);
  });
});
