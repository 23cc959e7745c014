import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';

/** Screens use the calls in apps/web/src/api, which alone use the API client. */
const apiClientOutsideApi = {
  name: '@/lib/api-client',
  importNames: ['apiClient', 'apiRequest', 'apiFileRequest'],
  message: 'Call the API through a function or hook in src/api.',
};

/**
 * One UI kit rule (docs/decisions/076-one-ui-kit-rule.md): screens are drawn with MUI, except
 * the places of the first paint, which use plain markup and the `plain-*` components; those
 * components are used nowhere else, since each has an MUI twin.
 */
const firstPaintFiles = [
  'apps/web/src/components/plain-*.{ts,tsx}',
  'apps/web/src/components/{account-actions,app-layout,brand,footer,header,page-spinner,toast-provider}.tsx',
  'apps/web/src/features/auth/**/*.{ts,tsx}',
  'apps/web/src/features/landing/**/*.{ts,tsx}',
  'apps/web/src/features/chat/{chat-button,chat-dock,chat-widget}.tsx',
  'apps/web/src/features/dashboard/components/{dashboard-tab-strip,profile-card,search-bar}.tsx',
];

/** The shared components drawn with MUI: those whose source imports it. */
const webComponents = 'apps/web/src/components';
const muiComponentNames = fs
  .readdirSync(path.join(import.meta.dirname, webComponents), { recursive: true })
  .map((file) => file.split(path.sep).join('/'))
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
  .filter((file) =>
    /from '@mui\//.test(
      fs.readFileSync(path.join(import.meta.dirname, webComponents, file), 'utf8'),
    ),
  )
  .map((file) => file.replace(/\.tsx?$/, ''));

const muiInFirstPaint =
  'The first paint is drawn without MUI: use plain markup or a plain-* component here.';
const firstPaintImports = {
  paths: [
    apiClientOutsideApi,
    ...muiComponentNames.map((name) => ({
      name: `@/components/${name}`,
      message: muiInFirstPaint,
      allowTypeImports: true,
    })),
  ],
  patterns: [
    { group: ['@mui/*'], message: muiInFirstPaint, allowTypeImports: true },
    {
      regex: `^\\./(${muiComponentNames.join('|')})$`,
      message: muiInFirstPaint,
      allowTypeImports: true,
    },
  ],
};

const plainOutsideFirstPaint =
  'plain-* components belong to the first paint; elsewhere use their MUI twin.';
const screenImports = {
  paths: [apiClientOutsideApi],
  patterns: [
    { group: ['@/components/plain-*'], message: plainOutsideFirstPaint },
    { regex: '^\\./plain-', message: plainOutsideFirstPaint },
  ],
};
/** Query keys come from one factory (docs/decisions/013). */
const queryKeySelectors = [
  {
    selector: "Property[key.name='queryKey'] > ArrayExpression",
    message: 'Query keys come from the factory in src/api/query-keys.ts.',
  },
  {
    selector: 'CallExpression[callee.property.name=/QueryData$/] > ArrayExpression',
    message: 'Query keys come from the factory in src/api/query-keys.ts.',
  },
];

/**
 * The calls in src/api name routes declared in packages/contract and take their answers' types
 * from them (docs/decisions/078): no path written by hand, no answer typed by hand.
 */
const apiPathPattern = '/^\\/(api|user|admin|general|auth|support|chat)(\\/|\\?|$)/';
const typedBoundarySelectors = [
  {
    selector: `Literal[value=${apiPathPattern}]`,
    message: 'Call a route declared in @cadenza/contract/routes instead of writing its path.',
  },
  {
    selector: `TemplateElement[value.raw=${apiPathPattern}]`,
    message: 'Call a route declared in @cadenza/contract/routes instead of writing its path.',
  },
  {
    selector:
      "TSAsExpression:not([typeAnnotation.typeName.name='const']):not([expression.name=/^undefined$/])",
    message: "An answer's type comes from its route's declaration, not from a cast.",
  },
  {
    selector: 'TSTypeAssertion',
    message: "An answer's type comes from its route's declaration, not from a cast.",
  },
  {
    selector: 'CallExpression[callee.name=/^(call|callFile|uploadTo)$/][typeArguments]',
    message: "An answer's type comes from its route's declaration, not from a type argument.",
  },
];

/** Each web feature may import only itself among features (docs/architecture.md §2). */
const webFeatures = 'apps/web/src/features';
const featureZones = fs
  .readdirSync(path.join(import.meta.dirname, webFeatures), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    target: `${webFeatures}/${name}`,
    from: webFeatures,
    except: [`./${name}`],
    message: 'Features do not import each other; move shared code to components/ or lib/.',
  }));

/**
 * A module's repository reads and writes its own module's tables only (docs/architecture.md §2):
 * work that spans modules goes through a unit of work that hands each module its repository in
 * one transaction (modules/songs/song-writes.ts). Each repository may import no other module's.
 */
const serverModules = 'apps/server/src/modules';
const moduleNames = fs
  .readdirSync(path.join(import.meta.dirname, serverModules), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => name);
const repositoryZones = moduleNames.flatMap((name) =>
  fs
    .readdirSync(path.join(import.meta.dirname, serverModules, name))
    .filter((file) => file.endsWith('.repository.ts'))
    .map((file) => ({
      target: `${serverModules}/${name}/${file}`,
      from: moduleNames
        .filter((other) => other !== name)
        .map((other) => `${serverModules}/${other}/**/*.repository.ts`),
      message:
        "A repository never uses another module's: span modules with a unit of work in a service.",
    })),
);

/**
 * What a module shows the others (decision 080): its services, records, presenters and
 * repositories (as the types a unit of work binds); its other files are its own. No index file
 * re-exports them: the role in a file's name says whether it is shown.
 */
const shownRoles = [
  '*.service.ts',
  '*-record.ts',
  '*-records.ts',
  '*.presenter.ts',
  '*.repository.ts',
];
/** Inner files other modules still import by name, until each is behind a service. */
const filesSharedByName = {
  account: ['device-names.ts'],
  'audio-files': ['audio-files.ts', 'audio-tags.ts', 'playable-codecs.ts'],
  auth: [
    'password-policy.ts',
    'passwords.ts',
    'session-cache.ts',
    'sign-in-device.ts',
    'signed-tickets.ts',
    'tokens.ts',
  ],
  delivery: ['blob-response.ts', 'content-types.ts', 'media-types.ts', 'media-urls.ts'],
  images: ['cover-images.ts', 'cover-variants.ts'],
  invitations: ['invitation-tokens.ts'],
  playlists: ['playlist-policy.ts'],
  songs: ['download-name.ts'],
  uploads: ['form-body.ts', 'multipart-form.ts', 'stored-files.ts'],
  users: ['last-activity.ts'],
};
const publicEntryZones = moduleNames.map((name) => {
  const folder = path.join(import.meta.dirname, serverModules, name);
  return {
    target: `${serverModules}/!(${name})/**`,
    from: `${folder}/**`,
    except: [
      ...shownRoles.map((role) => `${folder}/**/${role}`),
      ...(filesSharedByName[name] ?? []).map((file) => `${folder}/**/${file}`),
    ],
    message:
      'Another module is used through its services, records, presenters and repositories, not its inner files.',
  };
});

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
  // Type-aware rules (docs/decisions/021): every TypeScript file belongs to a tsconfig project.
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info', 'debug'] }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // Fastify plugins are async functions by convention, awaiting or not.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Fastify calls hooks such as `app.requireUser` with the instance as `this`; tests pass
    // mocked methods to expect().
    files: ['apps/server/src/**/*.routes.ts', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/unbound-method': 'off' },
  },
  {
    // Tests read responses (`res.json()`, `JSON.parse(res.body)`) as `any` and assert on them;
    // typing every response would add nothing the assertions do not already check. Production
    // code keeps these rules.
    files: ['**/*.test.{ts,tsx}', 'apps/server/test/**', 'apps/web/src/test/**', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Plain JavaScript belongs to no tsconfig project that eslint reads: no type information.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // File names are kebab-case; the middle extensions (.routes, .test, .module) are roles.
    files: ['**/*.{ts,tsx}'],
    // Migrations are named by date first, so that they sort in the order they run.
    ignores: ['apps/server/src/db/migrations/*.ts'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  {
    // Layers (docs/architecture.md §2): no import cycles, and the import directions below.
    files: ['apps/server/{src,test}/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x skips TypeScript files when it follows imports (no-cycle).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: 'apps/server/src/modules/**/*.routes.ts',
              from: ['apps/server/src/modules/**/*.repository.ts', 'apps/server/src/db/**'],
              message: 'Routes call services; repositories and db/ sit behind them.',
            },
            {
              target: 'apps/server/src/modules/**/*.service.ts',
              from: [
                'apps/server/src/modules/**/*.presenter.ts',
                'apps/server/src/modules/delivery/media-urls.*',
              ],
              message:
                'Services answer domain records; presenters next to the routes shape them and sign URLs.',
            },
            {
              target: 'apps/server/src/modules/**/*.repository.ts',
              from: 'apps/server/src/modules/**/*.presenter.ts',
              message: 'Repositories answer domain records; only routes present them.',
            },
            {
              target: ['apps/web/src/components/**', 'apps/web/src/lib/**'],
              from: 'apps/web/src/features/**',
              message: 'components/ and lib/ are shared by features and never import one.',
            },
            {
              target: [
                'apps/server/src/modules/**/*.policy.ts',
                'apps/server/src/modules/**/*-policy.ts',
                'apps/server/src/modules/**/*.service.ts',
              ],
              from: 'apps/server/src/plugins/**',
              message:
                'Rules never see HTTP: the caller is the domain type of src/domain/caller.ts.',
            },
            ...repositoryZones,
            ...publicEntryZones,
            ...featureZones,
          ],
        },
      ],
    },
  },
  {
    // SQL lives in repositories (docs/architecture.md §2): only they, db/ and the files that build
    // them (container, main, test helpers, tests that check stored rows) see Kysely.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/db/**',
      'apps/server/src/container.ts',
      'apps/server/src/main.ts',
      'apps/server/src/**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              message:
                'Only repositories and db/ use Kysely; services take repositories and a Transactor.',
            },
          ],
        },
      ],
    },
  },
  {
    // Modules register routes over the services composition.ts built once (decision 079).
    files: ['apps/server/src/modules/**/*.module.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'NewExpression',
          message: 'A module constructs nothing: build it once in src/composition.ts.',
        },
      ],
    },
  },
  {
    // The domain's rules are pure (docs/architecture.md §2): they import only each other and the
    // contract's shapes, never a module, the database, HTTP or a package.
    files: ['apps/server/src/domain/**/*.ts'],
    ignores: ['apps/server/src/domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./[^/]+$|@cadenza/contract/)',
              message: 'src/domain imports only its own files and @cadenza/contract.',
            },
          ],
        },
      ],
    },
  },
  {
    // Settings are read once, in src/config.ts (docs/architecture.md §2).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read settings in src/config.ts and pass them on.',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/web/src/{app,components,features}/**/*.{ts,tsx}'],
    ignores: firstPaintFiles,
    rules: { 'no-restricted-imports': ['error', screenImports] },
  },
  {
    files: firstPaintFiles,
    rules: { 'no-restricted-imports': ['error', firstPaintImports] },
  },
  {
    // Server state has one home (docs/decisions/013): only the API client sends requests, and
    // every query key comes from src/api/query-keys.ts. The player's engine reads a song's
    // bytes at its signed media address (no API route) to decode them (docs/decisions/081).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/api/query-keys.ts',
      'apps/web/src/lib/api-client.ts',
      'apps/web/src/lib/upload-with-progress.ts',
      'apps/web/src/lib/player/engine/fetch-media.ts',
    ],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['fetch', 'XMLHttpRequest'].map((name) => ({
          name,
          message: 'Requests go through lib/api-client.ts, from a call in src/api.',
        })),
      ],
      'no-restricted-syntax': ['error', ...queryKeySelectors],
    },
  },
  {
    // The typed boundary (docs/decisions/078): src/api calls declared routes through
    // lib/route-call.ts and lib/upload-with-progress.ts's uploadTo, never a path of its own.
    files: ['apps/web/src/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', ...queryKeySelectors, ...typedBoundarySelectors],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@/lib/api-client',
              importNames: [
                'apiClient',
                'apiRequest',
                'apiFileRequest',
                'requestJson',
                'requestFile',
                'API_BASE_URL',
              ],
              message: 'Call a declared route with call() from @/lib/route-call.',
            },
            {
              name: '@/lib/upload-with-progress',
              importNames: ['uploadWithProgress'],
              message: 'Upload to a declared route with uploadTo().',
            },
          ],
        },
      ],
    },
  },
  {
    // A route declaration carries its types only: calling it must not bundle zod (decision 078).
    files: ['packages/contract/src/routes/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              allowTypeImports: true,
              message: 'Route declarations name schemas by type only.',
            },
          ],
          patterns: [
            {
              regex: '^(\\.\\./)+(?!route$)[^.]',
              allowTypeImports: true,
              message: 'Route declarations import the contract by type only (import type).',
            },
          ],
        },
      ],
    },
  },
  {
    // Migrations are frozen in time and take Kysely<any> (CONTRIBUTING.md).
    files: ['apps/server/src/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', '**/*.config.{js,ts}', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
);
