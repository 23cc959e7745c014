// Each layer rule of eslint.config.js catches the violation it exists for (docs/decisions/021).
// The violations are planted as real files inside the repository, so that the config's globs,
// the tsconfig projects (type-aware rules) and the import resolver (cycles, paths) all apply;
// the directories are gitignored and removed afterwards.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ESLint } from 'eslint';
import { root } from './lib.mjs';

const serverProbe = 'apps/server/src/modules/lint-probe';
const componentProbe = 'apps/web/src/components/lint-probe';
const featureA = 'apps/web/src/features/lint-probe-a';
const featureB = 'apps/web/src/features/lint-probe-b';
const domainProbe = 'apps/server/src/domain/lint-probe';
const firstPaintProbe = 'apps/web/src/features/landing/lint-probe';
const apiProbe = 'apps/web/src/api/lint-probe';
const routesProbe = 'packages/contract/src/routes/lint-probe';
const probeDirs = [
  serverProbe,
  componentProbe,
  featureA,
  featureB,
  domainProbe,
  firstPaintProbe,
  apiProbe,
  routesProbe,
];

const files = {
  [`${serverProbe}/repository-import.routes.ts`]: [
    "import type { UsersRepository } from '../users/users.repository';",
    'export type Probe = UsersRepository;',
  ],
  [`${serverProbe}/db-import.routes.ts`]: [
    "import type { Database } from '../../db/schema';",
    'export type Probe = Database;',
  ],
  [`${serverProbe}/kysely-import.service.ts`]: [
    "import type { Kysely } from 'kysely';",
    'export type Probe = Kysely<object>;',
  ],
  [`${serverProbe}/transactor-import.service.ts`]: [
    "import type { Transactor } from '../../db/transactor';",
    'export type Probe = Transactor<object>;',
  ],
  [`${serverProbe}/presenter-import.service.ts`]: [
    "import { presentSong } from '../songs/songs.presenter';",
    'export const probe = presentSong;',
  ],
  [`${serverProbe}/media-urls-import.service.ts`]: [
    "import type { MediaUrls } from '../delivery/media-urls';",
    'export type Probe = MediaUrls;',
  ],
  [`${serverProbe}/presenter-import.repository.ts`]: [
    "import { presentSong } from '../songs/songs.presenter';",
    'export const probe = presentSong;',
  ],
  [`${serverProbe}/presenter-import.routes.ts`]: [
    "import { presentSong } from '../songs/songs.presenter';",
    'export const probe = presentSong;',
  ],
  [`${serverProbe}/other-repository.repository.ts`]: [
    "import { SongsRepository } from '../songs/songs.repository';",
    'export const probe = SongsRepository;',
  ],
  [`${serverProbe}/own-repository.repository.ts`]: [
    "import { probe } from './other-repository.repository';",
    'export const own = probe;',
  ],
  [`${serverProbe}/http-caller.policy.ts`]: [
    "import type { FastifyRequest } from 'fastify';",
    "import { callerOf } from '../../plugins/auth';",
    'export const probe = (request: FastifyRequest) => callerOf(request);',
  ],
  [`${serverProbe}/http-caller.service.ts`]: [
    "import { callerOf } from '../../plugins/auth';",
    'export const probe = callerOf;',
  ],
  [`${serverProbe}/domain-caller.policy.ts`]: [
    "import type { Caller } from '../../domain/caller';",
    'export type Probe = Caller;',
  ],
  [`${domainProbe}/module-import.ts`]: [
    "import type { SongRecord } from '../../modules/songs/song-record';",
    'export type Probe = SongRecord;',
  ],
  [`${domainProbe}/package-import.ts`]: [
    "import { randomUUID } from 'node:crypto';",
    'export const probe = randomUUID;',
  ],
  [`${domainProbe}/own-import.ts`]: [
    "import { GENRES } from '@cadenza/contract/songs';",
    "import type { Probe } from './module-import';",
    'export const genres: readonly string[] = GENRES;',
    'export type Own = Probe;',
  ],
  [`${serverProbe}/inner-file-import.ts`]: [
    "import { resolveSongFields } from '../songs/song-fields';",
    'export const probe = resolveSongFields;',
  ],
  [`${serverProbe}/shown-file-import.ts`]: [
    "import type { SongRecord } from '../songs/song-record';",
    "import type { SongsService } from '../songs/songs.service';",
    'export type Probe = [SongRecord, SongsService];',
  ],
  [`${serverProbe}/builds-a-service.module.ts`]: [
    "import { SongsService } from '../songs/songs.service';",
    'export const probe = (...args: ConstructorParameters<typeof SongsService>) =>',
    '  new SongsService(...args);',
  ],
  [`${serverProbe}/read-settings.ts`]: ['export const port = process.env.PORT;'],
  [`${serverProbe}/cycle-a.ts`]: [
    "import { b } from './cycle-b';",
    'export function a(): number {',
    '  return b() + 1;',
    '}',
  ],
  [`${serverProbe}/cycle-b.ts`]: [
    "import { a } from './cycle-a';",
    'export function b(): number {',
    '  return a() - 1;',
    '}',
  ],
  [`${serverProbe}/probeName.ts`]: ['export const probe = 1;'],
  [`${serverProbe}/floating.ts`]: [
    'async function save(): Promise<void> {}',
    'export function run(): void {',
    '  save();',
    '}',
  ],
  [`${serverProbe}/misused.ts`]: [
    'export function run(ids: string[], save: (id: string) => Promise<void>): void {',
    '  ids.forEach(async (id) => {',
    '    await save(id);',
    '  });',
    '}',
  ],
  [`${featureA}/probe-a.ts`]: ['export const a = 1;'],
  [`${featureB}/probe-b.ts`]: [
    "import { a } from '@/features/lint-probe-a/probe-a';",
    'export const b = a;',
  ],
  [`${featureB}/probe-relative.ts`]: [
    "import { a } from '../lint-probe-a/probe-a';",
    'export const c = a;',
  ],
  [`${firstPaintProbe}/mui-import.ts`]: [
    "import Button from '@mui/material/Button';",
    'export const probe = Button;',
  ],
  [`${firstPaintProbe}/mui-component-import.ts`]: [
    "import { CoverImage } from '@/components/cover-image';",
    'export const probe = CoverImage;',
  ],
  [`${firstPaintProbe}/plain-import.ts`]: [
    "import { PlainIcon } from '@/components/plain-icons';",
    'export const probe = PlainIcon;',
  ],
  [`${featureA}/plain-import.ts`]: [
    "import { PlainIcon } from '@/components/plain-icons';",
    'export const probe = PlainIcon;',
  ],
  [`${featureA}/mui-import.ts`]: [
    "import Button from '@mui/material/Button';",
    'export const probe = Button;',
  ],
  [`${apiProbe}/declared-route.ts`]: [
    "import { songApi } from '@cadenza/contract/routes/songs';",
    "import { call } from '@/lib/route-call';",
    'export async function probe(id: string): Promise<boolean> {',
    '  return (await call(songApi.toggleLike, { params: { id } })).liked;',
    '}',
  ],
  [`${apiProbe}/url-literal.ts`]: [
    "import { requestJson } from '@/lib/api-client';",
    "export const probe = (): Promise<unknown> => requestJson('/api/user/songs/marks');",
  ],
  [`${apiProbe}/url-string.ts`]: ["export const probe = '/api/user/songs/marks';"],
  [`${apiProbe}/url-template.ts`]: [
    'export const probe = (id: string): string => `/user/songs/${id}/like`;',
  ],
  [`${apiProbe}/answer-cast.ts`]: [
    "import { songApi } from '@cadenza/contract/routes/songs';",
    "import { call } from '@/lib/route-call';",
    'export async function probe(): Promise<string[]> {',
    '  return (await call(songApi.marks)) as unknown as string[];',
    '}',
  ],
  [`${apiProbe}/answer-type-argument.ts`]: [
    "import type { Route } from '@cadenza/contract/route';",
    "import { songApi } from '@cadenza/contract/routes/songs';",
    "import { call } from '@/lib/route-call';",
    'export const probe = (): Promise<unknown> => call<Route>(songApi.marks);',
  ],
  [`${routesProbe}/schema-import.ts`]: [
    "import { songSchema } from '../../songs';",
    "import { defineRoute } from '../../route';",
    "export const probe = { route: defineRoute()('GET', '/api/probe'), songSchema };",
  ],
  [`${routesProbe}/type-import.ts`]: [
    "import type { Song } from '../../songs';",
    "import { defineRoute } from '../../route';",
    "export const probe = defineRoute<{ response: Song }>()('GET', '/api/probe');",
  ],
  [`${componentProbe}/probe-component.ts`]: [
    "import { a } from '@/features/lint-probe-a/probe-a';",
    'export const d = a;',
  ],
};

let results;

before(async () => {
  for (const [file, lines] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), `${lines.join('\n')}\n`);
  }
  const eslint = new ESLint({ cwd: root });
  const linted = await eslint.lintFiles(Object.keys(files));
  results = new Map(
    linted.map((result) => [
      path.relative(root, result.filePath).split(path.sep).join('/'),
      [...new Set(result.messages.map((message) => message.ruleId ?? message.message))].sort(),
    ]),
  );
});

after(() => {
  for (const dir of probeDirs) fs.rmSync(path.join(root, dir), { recursive: true, force: true });
});

/** The rules reported for one planted file. */
const reported = (file) => results.get(file);

describe('lint holds the layers', () => {
  it('server routes never import a repository', () => {
    assert.deepEqual(reported(`${serverProbe}/repository-import.routes.ts`), [
      'import-x/no-restricted-paths',
    ]);
  });

  it('server routes never import db/', () => {
    assert.deepEqual(reported(`${serverProbe}/db-import.routes.ts`), [
      'import-x/no-restricted-paths',
    ]);
  });

  it('services never import kysely', () => {
    assert.deepEqual(reported(`${serverProbe}/kysely-import.service.ts`), [
      'no-restricted-imports',
    ]);
  });

  it('services may take a Transactor', () => {
    assert.deepEqual(reported(`${serverProbe}/transactor-import.service.ts`), []);
  });

  it('services neither present records nor sign URLs', () => {
    assert.deepEqual(reported(`${serverProbe}/presenter-import.service.ts`), [
      'import-x/no-restricted-paths',
    ]);
    assert.deepEqual(reported(`${serverProbe}/media-urls-import.service.ts`), [
      'import-x/no-restricted-paths',
    ]);
  });

  it('repositories never present; routes do', () => {
    assert.deepEqual(reported(`${serverProbe}/presenter-import.repository.ts`), [
      'import-x/no-restricted-paths',
    ]);
    assert.deepEqual(reported(`${serverProbe}/presenter-import.routes.ts`), []);
  });

  it("a repository never imports another module's repository; its own module's it may", () => {
    assert.deepEqual(reported(`${serverProbe}/other-repository.repository.ts`), [
      'import-x/no-restricted-paths',
    ]);
    assert.deepEqual(reported(`${serverProbe}/own-repository.repository.ts`), []);
  });

  it('policies and services never take the caller from the HTTP plugin; the domain type they may', () => {
    assert.deepEqual(reported(`${serverProbe}/http-caller.policy.ts`), [
      'import-x/no-restricted-paths',
    ]);
    assert.deepEqual(reported(`${serverProbe}/http-caller.service.ts`), [
      'import-x/no-restricted-paths',
    ]);
    assert.deepEqual(reported(`${serverProbe}/domain-caller.policy.ts`), []);
  });

  it('the domain imports neither a module nor a package; its own files and the contract it may', () => {
    assert.deepEqual(reported(`${domainProbe}/module-import.ts`), ['no-restricted-imports']);
    assert.deepEqual(reported(`${domainProbe}/package-import.ts`), ['no-restricted-imports']);
    assert.deepEqual(reported(`${domainProbe}/own-import.ts`), []);
  });

  it('modules construct nothing; the composition root builds every service', () => {
    assert.deepEqual(reported(`${serverProbe}/builds-a-service.module.ts`), [
      'no-restricted-syntax',
    ]);
  });

  it('process.env is read only in config.ts', () => {
    assert.deepEqual(reported(`${serverProbe}/read-settings.ts`), ['no-restricted-properties']);
  });

  it("a module uses another's services, records, presenters and repositories, not its inner files", () => {
    assert.deepEqual(reported(`${serverProbe}/inner-file-import.ts`), [
      'import-x/no-restricted-paths',
    ]);
    assert.deepEqual(reported(`${serverProbe}/shown-file-import.ts`), []);
  });

  it('import cycles are refused', () => {
    assert.deepEqual(reported(`${serverProbe}/cycle-a.ts`), ['import-x/no-cycle']);
    assert.deepEqual(reported(`${serverProbe}/cycle-b.ts`), ['import-x/no-cycle']);
  });

  it('file names are kebab-case, middle extensions aside', () => {
    assert.deepEqual(reported(`${serverProbe}/probeName.ts`), [
      'check-file/filename-naming-convention',
    ]);
  });

  it('promises are not left floating', () => {
    assert.deepEqual(reported(`${serverProbe}/floating.ts`), [
      '@typescript-eslint/no-floating-promises',
    ]);
  });

  it('promises are not passed where nothing awaits them', () => {
    assert.deepEqual(reported(`${serverProbe}/misused.ts`), [
      '@typescript-eslint/no-misused-promises',
    ]);
  });

  it('web features do not import each other, by alias or relative path', () => {
    assert.deepEqual(reported(`${featureA}/probe-a.ts`), []);
    assert.deepEqual(reported(`${featureB}/probe-b.ts`), ['import-x/no-restricted-paths']);
    assert.deepEqual(reported(`${featureB}/probe-relative.ts`), ['import-x/no-restricted-paths']);
  });

  it('web components never import a feature', () => {
    assert.deepEqual(reported(`${componentProbe}/probe-component.ts`), [
      'import-x/no-restricted-paths',
    ]);
  });

  it('the first paint imports neither MUI nor a component drawn with it', () => {
    assert.deepEqual(reported(`${firstPaintProbe}/mui-import.ts`), ['no-restricted-imports']);
    assert.deepEqual(reported(`${firstPaintProbe}/mui-component-import.ts`), [
      'no-restricted-imports',
    ]);
    assert.deepEqual(reported(`${firstPaintProbe}/plain-import.ts`), []);
  });

  it('plain components stay in the first paint; other screens use MUI', () => {
    assert.deepEqual(reported(`${featureA}/plain-import.ts`), ['no-restricted-imports']);
    assert.deepEqual(reported(`${featureA}/mui-import.ts`), []);
  });

  it('web api calls name declared routes: no path of their own, no answer typed by hand', () => {
    assert.deepEqual(reported(`${apiProbe}/declared-route.ts`), []);
    assert.deepEqual(reported(`${apiProbe}/url-literal.ts`), [
      'no-restricted-imports',
      'no-restricted-syntax',
    ]);
    assert.deepEqual(reported(`${apiProbe}/url-string.ts`), ['no-restricted-syntax']);
    assert.deepEqual(reported(`${apiProbe}/url-template.ts`), ['no-restricted-syntax']);
    assert.deepEqual(reported(`${apiProbe}/answer-cast.ts`), ['no-restricted-syntax']);
    assert.deepEqual(reported(`${apiProbe}/answer-type-argument.ts`), ['no-restricted-syntax']);
  });

  it('route declarations import the contract by type only', () => {
    assert.deepEqual(reported(`${routesProbe}/schema-import.ts`), [
      '@typescript-eslint/no-restricted-imports',
    ]);
    assert.deepEqual(reported(`${routesProbe}/type-import.ts`), []);
  });
});
