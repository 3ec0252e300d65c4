// One lint config for the whole repo. Imports flow one way: client → common ← server, and client
// features don't import each other (shared code lives in client/ui or client/lib).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import vitest from '@vitest/eslint-plugin';

const FEATURES = ['auth', 'map', 'locations', 'install', 'offline', 'guidance', 'filter', 'photos'];

/** Each feature may not reach into a sibling feature. */
const featureBoundaries = FEATURES.map((feature) => ({
  files: [`client/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['**/server/**'], message: 'client/ never imports server/: share through common/.' },
          ...FEATURES.filter((other) => other !== feature).map((other) => ({
            group: [`../${other}/*`, `**/features/${other}/**`],
            message: `Features don't import each other: move what ${feature} and ${other} share to client/ui or client/lib.`,
          })),
        ],
      },
    ],
  },
}));

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
  ...featureBoundaries,
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
