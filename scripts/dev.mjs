// `npm run dev`: the API with reload on change, and the web app with hot reload on :5173.
import path from 'node:path';
import { bin, root, run } from './lib.mjs';

const env = {
  ...process.env,
  NODE_ENV: 'development',
  DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data'),
  ENABLE_SEED_USERS: process.env.ENABLE_SEED_USERS ?? 'true',
};
console.info('API on http://localhost:3000, web app on http://localhost:5173');
const codes = await Promise.all([
  run(bin('tsx'), ['watch', 'src/main.ts'], { cwd: path.join(root, 'apps/server'), env }),
  run(bin('vite'), [], { cwd: path.join(root, 'apps/web'), env }),
]);
process.exit(Math.max(...codes));
