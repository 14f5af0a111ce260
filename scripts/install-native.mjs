/**
 * `postinstall`: makes sure better-sqlite3 (the Partner API's SQLite driver, a native addon) loads, and says what
 * it is doing when it has to build it. Its own install script is denied in package.json's `allowScripts` because npm
 * runs dependency scripts silently: where no prebuilt binary can be downloaded, `npm install` would sit quiet for
 * minutes while SQLite compiles. This runs the same two steps (`prebuild-install || node-gyp rebuild --release`)
 * with a line first, and shows their output only if both fail. Plain JavaScript, so it needs no dev dependency.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const require = createRequire(import.meta.url);

function loads() {
  try {
    const Database = require('better-sqlite3');
    new Database(':memory:').close();
    return true;
  } catch {
    return false;
  }
}

if (!loads()) {
  const root = dirname(require.resolve('better-sqlite3/package.json'));
  const target = `Node ${process.versions.node} (${process.platform}-${process.arch})`;
  console.log(`[eventmap] Installing better-sqlite3, the Partner API's SQLite driver, for ${target}…`);
  const run = (command, args) =>
    spawnSync(command, args, { cwd: root, encoding: 'utf8', shell: process.platform === 'win32' });

  // npm puts the project's node_modules/.bin and its own node-gyp on PATH for lifecycle scripts.
  const prebuilt = run('prebuild-install', []);
  if (prebuilt.status !== 0 || !loads()) {
    console.log(
      '[eventmap] No prebuilt binary could be downloaded: compiling SQLite from its C source with node-gyp. ' +
        'This happens once and takes a few minutes.',
    );
    const compiled = run('node-gyp', ['rebuild', '--release']);
    // The addon loading is what counts: node-gyp can exit non-zero while cleaning up after a good build.
    if (!loads()) {
      process.stderr.write(`${prebuilt.stdout ?? ''}${prebuilt.stderr ?? ''}${compiled.stdout ?? ''}`);
      process.stderr.write(`${compiled.stderr ?? ''}${compiled.error ? String(compiled.error) : ''}\n`);
      console.error(
        '[eventmap] better-sqlite3 could not be built (output above). It needs Python 3, make and a C++ compiler: ' +
          'on Debian/Ubuntu `apt-get install -y python3 make g++`, then `npm install` again.',
      );
      process.exit(1);
    }
  }
  console.log('[eventmap] better-sqlite3 is ready.');
}
