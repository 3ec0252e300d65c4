// One lint config for the whole repo. Imports flow one way: client → common ← server; the client imports downward
// through its layers (shell → features → domain → toolkit), and features don't import
// each other, on the client or on the server (shared code lives outside features/).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import vitest from '@vitest/eslint-plugin';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const FEATURE_FILE = /^(client|server)\/features\/([^/]+)\//;

/**
 * Features don't import each other, on either side: a file in client/features/<a>/ may not import from
 * client/features/<b>/, nor one in server/features/<a>/ from server/features/<b>/. Every folder under features/ is
 * a feature, so a new one is covered the day it appears. Shared code lives in client/domain, client/ui, client/lib, server/lib,
 * server/plugins, server/db and common/. One door is open on the server: a feature's queries (`<noun>.queries.ts`,
 * the functions over its tables, where the privacy rule is applied) may be called by another feature that reads
 * the same rows — export reads the list's pages, the map and visits read spots through the one visibility rule.
 * Routes, inputs and screens stay private to their feature (ADR 0051).
 */
const featureBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      crossFeature:
        "Features don't import each other: {{from}} imports {{to}}. Move what they share to {{shared}}, or pass it in from outside the features.",
    },
    schema: [],
  },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
    const own = FEATURE_FILE.exec(file);
    if (!own) return {};
    const [, side, feature] = own;
    const check = (source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path
        .relative(ROOT, path.resolve(path.dirname(context.filename), source.value))
        .split(path.sep)
        .join('/');
      const other = FEATURE_FILE.exec(`${target}/`);
      if (!other || other[1] !== side || other[2] === feature) return;
      if (side === 'server' && /\.queries\.ts$/.test(target)) return;
      context.report({
        node: source,
        messageId: 'crossFeature',
        data: {
          from: `${side}/features/${feature}`,
          to: `${side}/features/${other[2]}`,
          shared:
            side === 'client' ? 'client/domain, client/ui or client/lib' : 'server/lib, server/plugins or server/db',
        },
      });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

/**
 * The client's layers, each importing only the ones below it: the shell (client/app/ and main.tsx: providers,
 * screens, the hosts of the dialogs any feature opens) over the features (client/features/<name>/) over the
 * domain (client/domain/: spots, sharing, the session, the device's offline copy and outbox, the dialogs' openers)
 * over the toolkit (client/lib, client/ui, client/i18n). So the shell keeps only the shell, and what two features
 * share goes down to the domain, not up into the shell.
 */
const CLIENT_LAYERS = [
  ['toolkit', /^client\/(lib|ui|i18n)\//],
  ['domain', /^client\/domain\//],
  ['features', /^client\/features\//],
  ['shell', /^client\/(app\/|main\.tsx$)/],
];
const layerOf = (file) => CLIENT_LAYERS.findIndex(([, pattern]) => pattern.test(file));
const clientLayers = {
  meta: {
    type: 'problem',
    messages: {
      upward:
        'The client imports downward only (shell → features → domain → toolkit): {{from}} is {{fromLayer}} and may not import {{to}} ({{toLayer}}).',
    },
    schema: [],
  },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
    const own = layerOf(file);
    if (own < 0) return {};
    const check = (source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path
        .relative(ROOT, path.resolve(path.dirname(context.filename), source.value))
        .split(path.sep)
        .join('/');
      const theirs = layerOf(target);
      if (theirs <= own) return;
      context.report({
        node: source,
        messageId: 'upward',
        data: { from: file, fromLayer: CLIENT_LAYERS[own][0], to: target, toLayer: CLIENT_LAYERS[theirs][0] },
      });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'server/db/migrations/**', 'coverage/**', 'dev-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'client/ never imports server/: share through common/.' }] },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'foray-layers': { rules: { 'client-layers': clientLayers } } },
    rules: { 'foray-layers/client-layers': 'error' },
  },
  {
    files: ['client/features/**/*.{ts,tsx}', 'server/features/**/*.ts'],
    plugins: { foray: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: { 'foray/feature-boundaries': 'error' },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/client/**'], message: 'server/ never imports client/: share through common/.' }] },
      ],
    },
  },
  {
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/client/**', '**/server/**'],
              message: 'common/ is isomorphic: it imports neither client/ nor server/.',
            },
          ],
        },
      ],
    },
  },
  // Tests that keep telling the truth: none switched off or singled out and forgotten, each one expecting
  // something, its expectations well formed, and no two of a file under one title.
  {
    files: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { vitest },
    rules: {
      'vitest/no-disabled-tests': 'error',
      'vitest/no-focused-tests': 'error',
      // The project's assertion helpers are named expect… or assert… (expectVisible, expectToast, assertPhotoKey).
      'vitest/expect-expect': ['error', { assertFunctionNames: ['expect', 'expect*', 'assert*'] }],
      // Vitest's expect takes a message as its second argument.
      'vitest/valid-expect': ['error', { maxArgs: 2 }],
      'vitest/no-identical-title': 'error',
    },
  },
  // No source file over 300 lines (issue #35): a longer one is split along its seams, one concern a file. A line is
  // what `wc -l` counts — blank lines and comments too, a file's final line break ending its last line. Tests, the
  // browser tests' support, migrations and the one schema file are exempt.
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'server/db/migrations/**', 'server/db/schema.ts'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] },
  },
  // Layout is Prettier's (npm run format); lint keeps to meaning.
  prettier,
);
