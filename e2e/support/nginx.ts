import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports';

export const NGINX_PATH = process.env.NGINX_PATH || '/usr/sbin/nginx';

export interface RunningBalancer {
  readonly url: string;
  stop(): Promise<void>;
}

const DEPLOY_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../deploy/nginx');
const SITE_CONFIG = path.join(DEPLOY_DIR, 'cadenza.conf');
const ACCEL_SITE_CONFIG = path.join(DEPLOY_DIR, 'cadenza-accel.conf');

/**
 * nginx's whole configuration for a local run: deploy/nginx/cadenza.conf as it ships, with the
 * given node ports in place of the example's upstream servers and the given listening port.
 */
export function balancerConfig(options: {
  readonly listenPort: number;
  readonly nodePorts: readonly number[];
  readonly prefix: string;
}): string {
  const site = fs.readFileSync(SITE_CONFIG, 'utf8');
  const servers = [...site.matchAll(/^\s*server\s+[\w.-]+:\d+(.*);$/gm)];
  const firstServer = servers[0];
  if (!firstServer || !/^\s*listen 80;$/m.test(site))
    throw new Error(`${SITE_CONFIG} no longer has the upstream servers and listen line expected`);
  const serverOptions = firstServer[1] ?? '';
  const nodes = options.nodePorts
    .map((port) => `    server 127.0.0.1:${port}${serverOptions};`)
    .join('\n');
  const localSite = site
    .replace(/^\s*server\s+[\w.-]+:\d+.*;\n/gm, '')
    .replace(/^(upstream cadenza \{\n)/m, `$1${nodes}\n`)
    .replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${options.listenPort};`);
  return wholeConfig(localSite, options.prefix);
}

/**
 * nginx's whole configuration for one node with MEDIA_DELIVERY=accel:
 * deploy/nginx/cadenza-accel.conf as it ships, with the node's port, the listening port, the
 * node's DATA_DIR (and DATA_DIR/media) and a cache folder under `prefix` in place of the
 * example's.
 */
export function accelProxyConfig(options: {
  readonly listenPort: number;
  readonly nodePort: number;
  readonly dataDir: string;
  readonly prefix: string;
}): string {
  const site = fs.readFileSync(ACCEL_SITE_CONFIG, 'utf8');
  const replacements: [RegExp, string][] = [
    [/^(\s*)server 127\.0\.0\.1:3000;$/m, `$1server 127.0.0.1:${options.nodePort};`],
    [/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${options.listenPort};`],
    [/^(\s*)root \/var\/lib\/cadenza;$/m, `$1root ${options.dataDir};`],
    [/^(\s*)alias \/var\/lib\/cadenza\/media\/;$/m, `$1alias ${options.dataDir}/media/;`],
    [
      /^(proxy_cache_path )\/var\/cache\/nginx\/cadenza-media-checks /m,
      `$1${path.join(options.prefix, 'media-checks')} `,
    ],
  ];
  if (!replacements.every(([line]) => line.test(site)))
    throw new Error(
      `${ACCEL_SITE_CONFIG} no longer has the server, listen, root, alias and cache lines expected`,
    );
  const localSite = replacements.reduce((text, [line, local]) => text.replace(line, local), site);
  return wholeConfig(localSite, options.prefix);
}

function wholeConfig(site: string, prefix: string): string {
  const temp = (name: string) => path.join(prefix, name);
  return `worker_processes 1;
daemon off;
pid ${temp('nginx.pid')};
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${temp('client-body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
${site}
}
`;
}

/** Starts Debian's nginx as a round-robin balancer in front of the given node ports. */
export function startBalancer(nodePorts: readonly number[]): Promise<RunningBalancer> {
  return startNginx((listenPort, prefix) => balancerConfig({ listenPort, nodePorts, prefix }));
}

/**
 * Starts Debian's nginx in front of one node with MEDIA_DELIVERY=accel, sending its files from
 * `dataDir`/media (the node's DATA_DIR). nginx's workers read that folder: when started by root
 * they run as `nobody`, so the folder is opened to them.
 */
export function startAccelProxy(nodePort: number, dataDir: string): Promise<RunningBalancer> {
  for (
    let dir = path.join(dataDir, 'media', 'audio');
    dir !== path.dirname(dir);
    dir = path.dirname(dir)
  ) {
    if (dir.startsWith(os.tmpdir() + path.sep)) fs.chmodSync(dir, 0o755);
  }
  return startNginx((listenPort, prefix) =>
    accelProxyConfig({ listenPort, nodePort, dataDir, prefix }),
  );
}

async function startNginx(
  configOf: (listenPort: number, prefix: string) => string,
): Promise<RunningBalancer> {
  if (!fs.existsSync(NGINX_PATH))
    throw new Error(`No nginx at ${NGINX_PATH} (apt-get install -y nginx).`);
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-nginx-'));
  // nginx's workers run as `nobody` when started by root: they must reach the temporary paths.
  fs.chmodSync(prefix, 0o777);
  const listenPort = await freePort();
  const configFile = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(configFile, configOf(listenPort, prefix));

  const test = spawnSync(NGINX_PATH, ['-t', '-q', '-p', prefix, '-e', 'stderr', '-c', configFile], {
    encoding: 'utf8',
  });
  if (test.status !== 0) throw new Error(`nginx refused its configuration:\n${test.stderr}`);

  const child: ChildProcess = spawn(NGINX_PATH, ['-p', prefix, '-e', 'stderr', '-c', configFile], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${listenPort}`;

  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${output}`);
    try {
      await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      break;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`nginx did not answer: ${String(error)}\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        await exited;
      }
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
