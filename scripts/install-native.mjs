/**
 * `postinstall`, and the first step of `npm test`'s two lanes: makes sure better-sqlite3 (the Partner API's SQLite
 * driver, a native addon) loads, and says what it is doing when it has to build it. Its own install script is denied
 * in package.json's `allowScripts` because npm runs dependency scripts silently: where no prebuilt binary can be
 * downloaded, `npm install` would sit quiet for minutes while SQLite compiles. This runs the same two steps
 * (`prebuild-install || node-gyp rebuild --release`) with a line first, and shows their output only if both fail.
 * Plain JavaScript, so it needs no dev dependency.
 *
 * CI installs with `--ignore-scripts` and lets `npm test` build the addon: the compile (about a minute on one core)
 * then runs beside the lint lane instead of before everything. Both lanes call this, so a lock directory makes the
 * second caller wait for the first one's build rather than start its own in the same folder.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

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

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Takes the build lock, waiting while a live process holds it; a lock left by a dead process is taken over. */
function lock(dir) {
  const owner = join(dir, 'pid');
  let said = false;
  let ownerless = 0;
  for (;;) {
    try {
      mkdirSync(dir);
      writeFileSync(owner, String(process.pid));
      return () => rmSync(dir, { recursive: true, force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    let pid = 0;
    try {
      pid = Number(readFileSync(owner, 'utf8'));
    } catch {
      // The holder has made the directory and not yet written its pid: wait for it, a few seconds at most.
    }
    ownerless = pid > 0 ? 0 : ownerless + 1;
    if ((pid > 0 && !alive(pid)) || ownerless > 20) rmSync(dir, { recursive: true, force: true });
    else {
      if (!said) console.log('[eventmap] Waiting for better-sqlite3, which another process is building…');
      said = true;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    }
  }
}

const root = dirname(require.resolve('better-sqlite3/package.json'));
const unlock = loads() ? undefined : lock(join(root, '.eventmap-build-lock'));
// The holder of the lock may have built it while this process waited.
if (unlock && !loads()) {
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
      unlock();
      process.exit(1);
    }
  }
  console.log('[eventmap] better-sqlite3 is ready.');
}
unlock?.();
