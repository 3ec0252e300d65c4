// One lint config for the whole repo. Imports flow one way: client → common ← server, and features don't import
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
 * a feature, so a new one is covered the day it appears. Shared code lives in client/ui, client/lib, server/lib,
 * server/plugins, server/db and common/.
 */
/**
 * The imports across features that the tree has today, by file and the features it reaches into. The features are
 * being restructured so that none is needed; this list only shrinks, and a file not in it gets no exception.
 */
const CROSS_FEATURE_IMPORTS_TODAY = {
  'client/features/account/account-panel.tsx': ['locations'],
  'client/features/visits/visits-dialog.tsx': ['photos'],
  'server/features/account/account-deletion.ts': ['photos'],
  'server/features/account/account.api.test.ts': ['photos'],
  'server/features/account/account.routes.ts': ['auth'],
  'server/features/export/export.routes.ts': ['auth', 'locations', 'visits'],
  'server/features/import/import.routes.ts': ['auth', 'locations', 'photos'],
  'server/features/import/readers/gpx.ts': ['export'],
  'server/features/locations/locations.queries.ts': ['visits'],
  'server/features/locations/locations.routes.ts': ['auth', 'photos'],
  'server/features/map-region/map-region.routes.ts': ['auth'],
  'server/features/map/map-tiles.queries.ts': ['locations'],
  'server/features/map/map-tiles.routes.ts': ['auth'],
  'server/features/photos/location-photos.routes.ts': ['auth', 'locations'],
  'server/features/photos/photo-input.ts': ['locations'],
  'server/features/photos/photos.routes.ts': ['auth', 'locations'],
  'server/features/system/system.routes.ts': ['auth'],
  'server/features/visits/visit-photos.api.test.ts': ['photos'],
  'server/features/visits/visits.routes.ts': ['auth', 'photos'],
};

const featureBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      crossFeature:
        "Features don't import each other: {{from}} imports {{to}}. Move what they share to {{shared}}, or pass it in from outside the features.",
    },
    schema: [
      {
        type: 'object',
        properties: { allow: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
    const own = FEATURE_FILE.exec(file);
    if (!own) return {};
    const [, side, feature] = own;
    const allowed = context.options[0]?.allow?.[file] ?? [];
    const check = (source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path
        .relative(ROOT, path.resolve(path.dirname(context.filename), source.value))
        .split(path.sep)
        .join('/');
      const other = FEATURE_FILE.exec(`${target}/`);
      if (!other || other[1] !== side || other[2] === feature || allowed.includes(other[2])) return;
      context.report({
        node: source,
        messageId: 'crossFeature',
        data: {
          from: `${side}/features/${feature}`,
          to: `${side}/features/${other[2]}`,
          shared: side === 'client' ? 'client/ui or client/lib' : 'server/lib, server/plugins or server/db',
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
    files: ['client/features/**/*.{ts,tsx}', 'server/features/**/*.ts'],
    plugins: { foray: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: { 'foray/feature-boundaries': ['error', { allow: CROSS_FEATURE_IMPORTS_TODAY }] },
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
  // Layout is Prettier's (npm run format); lint keeps to meaning.
  prettier,
);
