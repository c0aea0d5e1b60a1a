import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Import zones (docs/architecture.md §2): each is a `no-restricted-imports` pattern on the import
 * path as written (a relative path that climbs into another zone names it, and so does a subpath
 * import such as `#server/db/…`).
 */
const WEB_NOT_SERVER = {
  regex: '(^|/)server/|^#(server|test)/',
  message: 'The web app never imports server code: share it through contracts/.',
};
const MODULES_NOT_CLIENTS = {
  regex: '^((\\.\\./)+|#server/)clients/',
  message: 'Domain modules do not import clients: the service receives what it needs through its dependencies.',
};
const MODULES_NOT_DB = {
  regex: '^((\\.\\./)+|#server/)db/',
  message: 'Domain modules reach the database through their *.repository.ts files only.',
};
const REPOSITORIES_DB_TYPES_ONLY = {
  regex: '^((\\.\\./)+|#server/)db/(?!(handle|schema)(\\.js)?$)',
  message:
    'A repository takes the DbHandle it is given (db/handle.ts) and the row types (db/schema.ts), nothing else of db/.',
};

/** web/src/features/<f>/…: a feature imports components/ui, lib and contracts, never another feature. */
const FEATURES_DIR = 'web/src/features';
const features = fs.existsSync(FEATURES_DIR)
  ? fs
      .readdirSync(FEATURES_DIR, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
const featureZones = features.flatMap((feature) =>
  [0, 1, 2, 3, 4].map((depth) => ({
    files: [`${FEATURES_DIR}/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            WEB_NOT_SERVER,
            {
              // climbing depth+1 levels reaches features/: what follows must be this feature or further up
              regex: `^(\\.\\./){${depth + 1}}(?!\\.\\./|${feature}/)`,
              message: `A feature never imports another feature (${feature} → another): compose them in web/src/app.`,
            },
          ],
        },
      ],
    },
  })),
);

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', '.bench/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
    },
  },
  {
    files: ['server/**/*.ts', 'contracts/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'window', message: 'Server and contract code runs in Node: there is no window.' },
        { name: 'document', message: 'Server and contract code runs in Node: there is no document.' },
      ],
    },
  },
  {
    files: ['server/src/modules/**/*.ts'],
    ignores: ['server/src/modules/**/*.repository.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [MODULES_NOT_CLIENTS, MODULES_NOT_DB] }] },
  },
  {
    files: ['server/src/modules/**/*.repository.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [MODULES_NOT_CLIENTS, REPOSITORIES_DB_TYPES_ONLY] }] },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': ['error', { patterns: [WEB_NOT_SERVER] }] },
  },
  ...featureZones,
  {
    // Playwright reads a fixture's dependencies from its destructuring pattern, so `{}` is required.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Render external data as text (SEC-IN-02).',
        },
      ],
    },
  },
);
