import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Screens use the calls in apps/web/src/api, which alone use the API client. */
const apiClientOutsideApi = {
  name: '@/lib/api-client',
  importNames: ['apiClient', 'apiRequest', 'apiFileRequest'],
  message: 'Call the API through a function or hook in src/api.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
      'apps/server/assets/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info', 'debug'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // No imports between web features (DESIGN.md §2).
    files: ['apps/web/src/features/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/*', '../../*/**', '@/features/*'],
              message:
                'Features do not import each other; move shared code to components/ or lib/.',
            },
          ],
          paths: [apiClientOutsideApi],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/{app,components}/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [apiClientOutsideApi] }] },
  },
  {
    // Server state has one home (docs/decisions/013): only the API client sends requests, and
    // every query key comes from src/api/query-keys.ts.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/api/query-keys.ts',
      'apps/web/src/lib/api-client.ts',
      'apps/web/src/lib/upload-with-progress.ts',
    ],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['fetch', 'XMLHttpRequest'].map((name) => ({
          name,
          message: 'Requests go through lib/api-client.ts, from a call in src/api.',
        })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: 'Query keys come from the factory in src/api/query-keys.ts.',
        },
        {
          selector: 'CallExpression[callee.property.name=/QueryData$/] > ArrayExpression',
          message: 'Query keys come from the factory in src/api/query-keys.ts.',
        },
      ],
    },
  },
  {
    // Migrations are frozen in time and take Kysely<any> (STYLE.md).
    files: ['apps/server/src/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', '**/*.config.{js,ts}', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
);
