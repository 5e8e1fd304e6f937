import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const noServer = { group: ['**/server/**'], message: 'The client never imports server code.' };
/** Screens reach the API through lib/'s queries and mutations, never by calling it themselves. */
const callsThroughLib = {
  group: ['**/lib/api'],
  message:
    'Reach the API through your feature’s lib/<domain> file (its queries, mutations and error checks), not lib/api.',
};
/** One error catalogue: every error the server answers with has its status, code and text in errors.ts. */
const oneErrorCatalogue = {
  selector: "NewExpression[callee.name='AppError']",
  message: 'Use a named error from errors.ts (errors.notFound() and the like), or add one there.',
};
const clientOrServer = {
  group: ['**/client/**', '**/server/**'],
  message: 'src/shared imports nothing from the client or the server.',
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.data/**',
      'migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [noServer, callsThroughLib] }],
    },
  },
  {
    // The client's floors: lib/ (data, stores, helpers) < components/ < features/ < app/.
    files: ['src/client/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServer,
            {
              group: ['**/components/**', '**/features/**', '**/app/**'],
              message: 'lib/ is the bottom floor: it never imports components/, features/ or app/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServer,
            callsThroughLib,
            {
              group: ['**/features/**', '**/app/**'],
              message: 'components/ never import features/ or app/: pass what they need as props.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServer,
            callsThroughLib,
            {
              group: ['**/app/**'],
              message: 'Features never import app/: the app shell imports them.',
            },
            {
              regex: '^\\.\\./(?!\\.\\.)[^/]+',
              message: 'Features do not import each other: move shared code to components/ or lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [clientOrServer] }] },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/client/**'], message: 'The server never imports client code.' }] },
      ],
    },
  },
  {
    // Ending sessions also voids the account's pending email links: one function does both (plugins/sessions.ts).
    files: ['src/server/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      '**/*.test-helpers.ts',
      'src/server/plugins/sessions.ts',
      'src/server/plugins/auth.ts',
      'src/server/errors.ts',
    ],
    rules: {
      // One list per file (a later block's would replace this one), so the error catalogue's rule is here too.
      'no-restricted-syntax': [
        'error',
        oneErrorCatalogue,
        {
          selector: "CallExpression[callee.property.name='delete'][arguments.0.name='sessions']",
          message:
            'End sessions with endSessions or endSession (plugins/sessions.ts): they also void pending email links.',
        },
      ],
    },
  },
  {
    // The server's floors: lib/, db/, plugins/ and realtime/ sit below modules/ and never import them.
    files: ['src/server/{lib,db,plugins,realtime}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/client/**'], message: 'The server never imports client code.' },
            {
              group: ['**/modules/**', '**/app', '**/main'],
              message:
                'lib/, db/, plugins/ and realtime/ never import modules/ or the app: move shared code to lib/.',
            },
          ],
        },
      ],
    },
  },
  // House rules kept by lint (decision 048): no import cycles, one error catalogue, no source file over 300 lines.
  {
    // A cycle makes load order decide what a module sees at start-up; type-only imports are erased and do not count.
    files: ['**/*.{js,mjs,ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The error catalogue's rule where the sessions rule above does not apply (it sets no-restricted-syntax there).
    files: [
      'src/server/**/*.test.ts',
      'src/server/**/*.test-helpers.ts',
      'src/server/plugins/sessions.ts',
      'src/server/plugins/auth.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', oneErrorCatalogue] },
  },
  {
    // Short files are read whole. Tests, their helpers and the text dictionaries may run longer.
    files: ['**/*.{js,mjs,ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/*.spec.ts',
      '**/*.test-helpers.ts',
      'src/*/test/**',
      'e2e/**',
      'src/shared/i18n/!(index).ts',
    ],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] },
  },
);
