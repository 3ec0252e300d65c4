import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The repository's own lint config keeps features from importing each other, on the client and on the server,
// while the shared places stay open to every feature. Files are linted as if they sat at the given paths.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The rules that fail `code` as the file at `filePath` (relative to the repository). */
async function failedRules(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.filter((message) => message.severity === 2).map((message) => message.ruleId ?? 'parse');
}

const importing = (from: string) => `import { thing } from '${from}';\nexport const used = thing;\n`;

describe('feature boundaries', () => {
  it('fails a client feature that imports another client feature', async () => {
    expect(await failedRules('client/features/map/new-file.tsx', importing('../auth/auth-form.tsx'))).toEqual([
      'foray/feature-boundaries',
    ]);
    expect(await failedRules('client/features/map/deep/new-file.ts', importing('../../visits/visits-api.ts'))).toEqual([
      'foray/feature-boundaries',
    ]);
  });

  it('fails a server feature that imports another server feature, by a plain, re-exporting or dynamic import', async () => {
    expect(await failedRules('server/features/map/new-file.ts', importing('../photos/photo-files.ts'))).toEqual([
      'foray/feature-boundaries',
    ]);
    expect(
      await failedRules('server/features/import/readers/new-file.ts', `export * from '../../export/gpx.ts';\n`),
    ).toEqual(['foray/feature-boundaries']);
    expect(
      await failedRules(
        'server/features/visits/new-file.ts',
        `export const load = () => import('../../features/account/account.routes.ts');\n`,
      ),
    ).toEqual(['foray/feature-boundaries']);
  });

  it('covers a feature folder by its place, not by a list of names', async () => {
    expect(await failedRules('server/features/mushrooms/new-file.ts', importing('../auth/session.ts'))).toEqual([
      'foray/feature-boundaries',
    ]);
    expect(await failedRules('client/features/map/new-file.ts', importing('../mushrooms/mushroom-list.tsx'))).toEqual([
      'foray/feature-boundaries',
    ]);
  });

  it("lets a server feature call another's queries, but nothing else of it", async () => {
    expect(await failedRules('server/features/export/new-file.ts', importing('../spots/spots.queries.ts'))).toEqual([]);
    expect(await failedRules('server/features/export/new-file.ts', importing('../spots/spots.routes.ts'))).toEqual([
      'foray/feature-boundaries',
    ]);
    expect(await failedRules('client/features/map/new-file.ts', importing('../spots/spots.queries.ts'))).toEqual([
      'foray/feature-boundaries',
    ]);
  });

  it('lets a feature import its own files and the shared places', async () => {
    for (const [file, from] of [
      ['client/features/map/new-file.tsx', './map-view.tsx'],
      ['client/features/map/deep/new-file.tsx', '../map-view.tsx'],
      ['client/features/map/new-file.tsx', '../../ui/button.tsx'],
      ['client/features/map/new-file.tsx', '../../lib/api-client.ts'],
      ['client/features/map/new-file.tsx', '../../domain/spots/spot-types.ts'],
      ['client/features/map/new-file.tsx', '../../../common/schemas/spots.ts'],
      ['server/features/map/new-file.ts', './map-tiles.queries.ts'],
      ['server/features/map/new-file.ts', '../../lib/byte-ranges.ts'],
      ['server/features/map/new-file.ts', '../../plugins/errors.ts'],
      ['server/features/map/new-file.ts', '../../db/schema.ts'],
      ['server/features/map/new-file.ts', '../../test/test-app.ts'],
      ['server/app.ts', './features/map/map-tiles.routes.ts'],
    ] as const) {
      expect(await failedRules(file, importing(from)), `${file} importing ${from}`).toEqual([]);
    }
  });

  it('still keeps client features away from the server', async () => {
    expect(await failedRules('client/features/map/new-file.tsx', importing('../../../server/config.ts'))).toEqual([
      'no-restricted-imports',
    ]);
  });
});

describe('client layers', () => {
  it('fails a feature, the domain or the toolkit that imports the shell', async () => {
    expect(await failedRules('client/features/map/new-file.tsx', importing('../../app/main-screen.tsx'))).toEqual([
      'foray-layers/client-layers',
    ]);
    expect(await failedRules('client/domain/spots/new-file.ts', importing('../../app/app.tsx'))).toEqual([
      'foray-layers/client-layers',
    ]);
    expect(await failedRules('client/lib/new-file.ts', importing('../main.tsx'))).toEqual([
      'foray-layers/client-layers',
    ]);
  });

  it('fails the domain or the toolkit that imports a feature, and the toolkit that imports the domain', async () => {
    expect(
      await failedRules('client/domain/sharing/new-file.ts', importing('../../features/map/map-view.tsx')),
    ).toEqual(['foray-layers/client-layers']);
    expect(await failedRules('client/ui/new-file.tsx', importing('../features/spots/spot-card.tsx'))).toEqual([
      'foray-layers/client-layers',
    ]);
    expect(await failedRules('client/lib/new-file.ts', importing('../domain/session/session.tsx'))).toEqual([
      'foray-layers/client-layers',
    ]);
  });

  it('lets each layer import the layers below it and its own', async () => {
    for (const [file, from] of [
      ['client/app/new-file.tsx', '../features/map/map-view.tsx'],
      ['client/app/new-file.tsx', '../domain/session/session.tsx'],
      ['client/domain/spots/new-file.ts', '../offline/device-db.ts'],
      ['client/domain/spots/new-file.ts', '../../lib/api-client.ts'],
      ['client/domain/spots/new-file.ts', '../../ui/button.tsx'],
      ['client/ui/new-file.tsx', '../lib/format.ts'],
    ] as const) {
      expect(await failedRules(file, importing(from)), `${file} importing ${from}`).toEqual([]);
    }
  });
});

describe('file length', () => {
  /** A file of `count` lines as `wc -l` counts them: code, blank lines and comments alike, each ended by a line break. */
  const linesOf = (count: number) =>
    Array.from({ length: count }, (_, i) =>
      i % 3 === 0 ? `export const line${i} = ${i};\n` : i % 3 === 1 ? '\n' : `// Line ${i}.\n`,
    ).join('');

  it('passes a source file of 300 lines and fails one of 301, blank lines and comments counted', async () => {
    for (const file of ['server/features/map/new-file.ts', 'client/features/map/new-file.tsx', 'scripts/new-file.ts']) {
      expect(await failedRules(file, linesOf(300)), file).toEqual([]);
      expect(await failedRules(file, linesOf(301)), file).toEqual(['max-lines']);
    }
  });

  it('lets tests, the browser tests’ support, migrations and the schema be longer', async () => {
    for (const file of [
      'server/features/map/new-file.api.test.ts',
      'client/features/map/new-file.test.tsx',
      'e2e/support/new-file.ts',
      'server/db/migrations/new-file.ts',
      'server/db/schema.ts',
    ]) {
      expect(await failedRules(file, linesOf(400)), file).toEqual([]);
    }
  });
});
