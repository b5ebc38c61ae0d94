/**
 * `npm start`: builds the site when there is no build yet, then serves dist/ on localhost.
 * Set PORT to change the port (4321 by default).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!existsSync(path.join(root, 'dist', 'index.html'))) {
  console.log('No build in dist/ yet: building the site first (npm run build).');
  run('npm', ['run', 'build']);
}
const port = process.env.PORT ?? '4321';
console.log(`Serving dist/ at http://127.0.0.1:${port}/`);
run('npx', ['astro', 'preview', '--host', '127.0.0.1', '--port', port]);
