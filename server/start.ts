/**
 * `npm start`: builds the web app only when it is missing or older than its sources, then runs the server
 * in this same process. npm's shell hands the process over to this one (a single command is exec'd), and npm
 * forwards SIGTERM and SIGINT to it: a signal to `npm start` reaches the server, which closes cleanly and frees
 * the data folder. `npm run build && node …` kept a shell in between that died and left the server running.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Written by the last step of `npm run build` (scripts/compress-dist.ts), so only a whole build counts. */
const BUILT_MARK = path.join('dist', 'built-at');
/** Everything the web app is built from. */
export const WEB_APP_SOURCES = [
  'client',
  'common',
  'locales',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/compress-dist.ts',
] as const;

/** The newest modification time under these paths, in ms (a missing path counts as never changed). */
function newestChange(root: string, paths: readonly string[]): number {
  let newest = 0;
  const visit = (file: string) => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return;
    }
    newest = Math.max(newest, stat.mtimeMs);
    if (stat.isDirectory()) for (const name of fs.readdirSync(file)) visit(path.join(file, name));
  };
  for (const entry of paths) visit(path.join(root, entry));
  return newest;
}

/** Whether the web app in `root` must be built: never built, or a source changed since. */
export function webAppIsStale(root = ROOT): boolean {
  let builtAt: number;
  try {
    builtAt = fs.statSync(path.join(root, BUILT_MARK)).mtimeMs;
  } catch {
    return true;
  }
  return newestChange(root, WEB_APP_SOURCES) > builtAt;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (webAppIsStale()) {
    console.log('Building the web app (its sources changed since the last build)…');
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) {
      console.error('The web app could not be built; see the messages above.');
      process.exit(build.status ?? 1);
    }
  }
  await import('./main.ts');
}
