import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { frontDoors } from './scripts/eslint-front-doors.js';

const noServer = { group: ['**/server/**'], message: 'The client never imports server code.' };
/** Screens reach the API through lib/'s queries and mutations, never by calling it themselves. */
const callsThroughLib = {
  group: ['**/lib/api'],
  message:
    'Reach the API through your feature’s lib/<domain> file (its queries, mutations and error checks), not lib/api.',
};
const clientOrServer = {
  group: ['**/client/**', '**/server/**'],
  message: 'src/shared imports nothing from the client or the server.',
};

// One way to choose a language's text (decision 045): `inLocale(locale, { en, vi })` from shared/i18n, never a
// `locale === 'vi' ? … : …` of one's own. ESLint keeps one `no-restricted-syntax` list per file, so the server's
// sessions block below lists it again beside its own.
const onePickOfLanguage = {
  selector:
    'ConditionalExpression > BinaryExpression.test[operator=/^[!=]==?$/]' +
    ':matches([left.name=/locale$/i], [left.property.name=/locale$/i], [right.name=/locale$/i], [right.property.name=/locale$/i])' +
    ':matches([left.value=/^(en|vi)$/], [right.value=/^(en|vi)$/])',
  message:
    "Choose a language's text with inLocale(locale, { en, vi }) from shared/i18n, not a conditional of its own.",
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
    // A language's text always through the translator's one helper, on the server and in shared code.
    files: ['src/server/**/*.ts', 'src/shared/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-helpers.ts'],
    rules: { 'no-restricted-syntax': ['error', onePickOfLanguage] },
  },
  {
    // Ending sessions also voids the account's pending email links: one function does both (plugins/sessions.ts).
    files: ['src/server/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      '**/*.test-helpers.ts',
      'src/server/plugins/sessions.ts',
      'src/server/plugins/auth.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='delete'][arguments.0.name='sessions']",
          message:
            'End sessions with endSessions or endSession (plugins/sessions.ts): they also void pending email links.',
        },
        onePickOfLanguage,
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
  {
    // One front door per server module: other modules, cli/, pages.ts, app.ts, main.ts and the test helpers in
    // src/server/test/ import a module through modules/<name> (its index.ts), never its inner files. A module's own
    // tests and test helpers may reach anywhere. The rule is in scripts/eslint-front-doors.js.
    files: [
      'src/server/modules/**/*.ts',
      'src/server/cli/**/*.ts',
      'src/server/test/**/*.ts',
      'src/server/{pages,app,main}.ts',
    ],
    ignores: ['**/*.test.ts', '**/*.test-helpers.ts', '**/*.test-server.ts'],
    plugins: { 'front-doors': frontDoors },
    rules: { 'front-doors/through-front-door': 'error' },
  },
);
