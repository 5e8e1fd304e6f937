import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { frontDoors } from './scripts/eslint-front-doors.js';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/**
 * The client's floors, bottom to top: lib/ (plumbing: fetch, socket, texts, stores) < data/ (each domain's requests
 * and query keys) < components/ < features/ < app/. A floor imports only the floors below it; features never import
 * each other; only data/ calls lib/api. Each zone is one pattern on the import's source, kept for static imports
 * (no-restricted-imports) and for `import()` alike (no-restricted-syntax, which sees ImportExpression).
 */
const clientZones = {
  server: { regex: '(^|/)server/', message: 'The client never imports server code.' },
  api: {
    regex: '(^|/)lib/api$',
    message:
      'Reach the API through your domain’s data/<domain> file (its queries, mutations and error checks).',
  },
  data: { regex: '^(\\.\\.?/)+data/', message: 'lib/ is the bottom floor: it never imports data/.' },
  upper: (floor, above) => ({
    regex: `^(\\.\\.?/)+(${above.join('|')})(/|$)`,
    message: `${floor} never imports ${above.map((name) => `${name}/`).join(' or ')}: it sits below them.`,
  }),
  otherFeature: {
    regex: '^\\.\\./(?!\\.\\.)|^(\\.\\./)+features/',
    message: 'Features do not import each other: move shared code to components/ or data/.',
  },
};

/** One floor's rules: its forbidden zones for static imports and for `import()`. */
function clientFloor(files, zones) {
  // esquery reads a regex up to its first slash: so a pattern writes its slashes as \x2F.
  const selector = (regex) => `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`;
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: zones.map(({ regex, message }) => ({ regex, message })) },
      ],
      'no-restricted-syntax': [
        'error',
        ...zones.map(({ regex, message }) => ({ selector: selector(regex), message })),
      ],
    },
  };
}

/** One error catalogue: every error the server answers with has its status, code and text in errors.ts. */
const oneErrorCatalogue = {
  selector: "NewExpression[callee.name='AppError']",
  message: 'Use a named error from errors.ts (errors.notFound() and the like), or add one there.',
};
const clientOrServer = {
  group: ['**/client/**', '**/server/**'],
  message: 'src/shared imports nothing from the client or the server.',
};

// One way to choose a language's text (decisions 045, 056): `inReaderLanguage(text, locale)` from shared/languages (or
// a table keyed by every language), never a `locale === 'vi' ? … : …` of one's own; and no type spells out the set of
// languages (`'en' | 'vi'`): it is `Locale`, from the one list. ESLint keeps one `no-restricted-syntax` list per
// file, so the server's sessions block below lists these again beside its own.
const onePickOfLanguage = {
  selector:
    'ConditionalExpression > BinaryExpression.test[operator=/^[!=]==?$/]' +
    ':matches([left.name=/locale$/i], [left.property.name=/locale$/i], [right.name=/locale$/i], [right.property.name=/locale$/i])' +
    ':matches([left.value=/^(en|vi|zh-Hans|ne)$/], [right.value=/^(en|vi|zh-Hans|ne)$/])',
  message:
    "Choose a language's text with inReaderLanguage(text, locale) from shared/languages, not a conditional of its own.",
};
const noSpelledLanguages = {
  selector: "TSUnionType:has(TSLiteralType > Literal[value='en']):has(TSLiteralType > Literal[value='vi'])",
  message:
    "Name the languages with Locale from shared/languages: the list of languages is data, not a type's literals.",
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
    rules: reactHooks.configs.recommended.rules,
  },
  clientFloor(['src/client/**/*.{ts,tsx}'], [clientZones.server, clientZones.api]),
  clientFloor(
    ['src/client/lib/**/*.{ts,tsx}'],
    [clientZones.server, clientZones.data, clientZones.upper('lib/', ['components', 'features', 'app'])],
  ),
  clientFloor(
    ['src/client/data/**/*.{ts,tsx}'],
    [clientZones.server, clientZones.upper('data/', ['components', 'features', 'app'])],
  ),
  clientFloor(
    ['src/client/components/**/*.{ts,tsx}'],
    [clientZones.server, clientZones.api, clientZones.upper('components/', ['features', 'app'])],
  ),
  clientFloor(
    ['src/client/features/**/*.{ts,tsx}'],
    [clientZones.server, clientZones.api, clientZones.upper('features/', ['app']), clientZones.otherFeature],
  ),
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
    rules: { 'no-restricted-syntax': ['error', onePickOfLanguage, noSpelledLanguages] },
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
        onePickOfLanguage,
        noSpelledLanguages,
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
    // The browser tests' test comes from e2e/fixtures.ts: it gives each spec file its own client address.
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/fixtures.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import test from './fixtures': it gives the spec file its own client address.",
            },
          ],
        },
      ],
    },
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
