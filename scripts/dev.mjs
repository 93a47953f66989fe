// `npm run dev`: the Vite dev server with hot reload; /api is proxied to a server on :3000 (npm start).
import { spawnSync } from 'node:child_process';

const result = spawnSync('npx', ['vite', '--port', process.env.DEV_PORT ?? '5173'], { stdio: 'inherit' });
process.exit(result.status ?? 0);
