import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import ts from 'typescript';
import { createClient } from '@hey-api/openapi-ts';
import { createTestContext, type TestContext } from '../test/test-app.ts';
import { schemaErrors } from '../test/xml-schema.ts';
import { secretOf, totp } from '../test/totp.ts';

// Issue #33: a third party writes a client from the OpenAPI document alone. This generates one from the document a
// listening Foray serves, with @hey-api/openapi-ts, type-checks client-scenario/scenario.ts against it (no cast, no
// request of its own) and runs it from Node over HTTP: sign-up, the mailed confirmation, sign-in, a spot and its
// photo, a new circle, an invitation a friend accepts, a GPX export, two-step sign-in, sign-out.

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
const SCENARIO = path.join(HERE, 'client-scenario', 'scenario.ts');

let t: TestContext;
let baseUrl: string;
let dir: string;

beforeAll(async () => {
  t = await createTestContext();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-generated-client-'));
  await createClient({
    input: `${baseUrl}/api/docs/json`,
    output: path.join(dir, 'foray'),
    plugins: ['@hey-api/client-fetch', '@hey-api/sdk', '@hey-api/typescript'],
    logs: { level: 'silent' },
  });
  fs.copyFileSync(SCENARIO, path.join(dir, 'scenario.ts'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** What TypeScript says of the scenario beside the generated client, strict as Foray's own code. */
function typeErrors(file: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    noUncheckedIndexedAccess: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: ['node'],
    typeRoots: [path.join(ROOT, 'node_modules', '@types')],
    allowImportingTsExtensions: true,
    verbatimModuleSyntax: true,
    skipLibCheck: true,
    noEmit: true,
  });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file
      ? `${path.relative(dir, diagnostic.file.fileName)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}`
      : '';
    return `${where} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
}

/** Casts, `any` and requests written by hand in a source file: none may help the scenario through. */
function shortcuts(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) found.push(`line ${line}: a cast`);
    if (ts.isNonNullExpression(node)) found.push(`line ${line}: a non-null assertion`);
    if (node.kind === ts.SyntaxKind.AnyKeyword) found.push(`line ${line}: any`);
    if (ts.isIdentifier(node) && ['fetch', 'XMLHttpRequest', 'Request'].includes(node.text)) {
      found.push(`line ${line}: ${node.text}, a request by hand`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('a client generated from the served OpenAPI document', () => {
  it('has a function for every operation, named by its operationId', () => {
    const sdk = fs.readFileSync(path.join(dir, 'foray', 'sdk.gen.ts'), 'utf8');
    for (const name of ['signUp', 'verifyEmail', 'signIn', 'verifyTotp', 'signOut', 'createSpot', 'exportSpots']) {
      expect(sdk).toContain(`export const ${name} =`);
    }
  });

  it('type-checks the scenario, which has no cast and no request of its own', () => {
    expect(shortcuts(SCENARIO)).toEqual([]);
    expect(typeErrors(path.join(dir, 'scenario.ts'))).toEqual([]);
  });

  it('drives the whole scenario through it, from Node, against a listening Foray', async () => {
    // The copy beside the generated client: this file is type-checked without it (the repository has no client).
    const { runScenario } = await import(path.join(dir, 'scenario.ts'));
    const photo = new Uint8Array(
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#6b4' } })
        .jpeg()
        .toBuffer(),
    );
    const result = await runScenario({
      baseUrl,
      mailedLink: async (email: string, subject: RegExp) => t.smtp.linkIn(await t.smtp.waitForMail(email, subject)),
      totpCode: (uri: string, stepsAhead: number) => totp(secretOf(uri), stepsAhead),
      photo,
    });

    expect(result.circleIds).toHaveLength(1);
    expect(result.friendSaw).toMatchObject({ notes: 'Under the old spruce', photoType: 'image/webp' });
    expect(result.friendSaw.photoBytes).toBeGreaterThan(0);
    expect(result.gpx).toContain('Chanterelle');
    expect(schemaErrors('gpx', result.gpx)).toEqual([]);
    expect(result.signedInWithCode).toBe(true);
    expect(result.afterSignOut).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
  });
});
