/**
 * `npm start`: builds the site when there is no build yet, then serves dist/ on localhost as a
 * static host serves it (scripts/serve.ts: file-first like GitHub Pages, with the build's _headers).
 * Set PORT to change the port (4321 by default); `npm start -- --resolution folder-first` serves it
 * as GitLab Pages or nginx would.
 */
// First: .env loaded and every setting read (src/lib/load-settings.ts): a setting that cannot be read ends
// here, in one line, whether or not a build is needed.
import '../src/lib/load-settings.ts';
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
run(process.execPath, [path.join(root, 'scripts/serve.ts'), '--port', port, ...process.argv.slice(2)]);
