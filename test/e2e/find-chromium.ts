/**
 * Finds a Chromium for the explorer's end-to-end test, so that `npm install && npm test` needs
 * nothing but Node on a fresh Linux machine.
 *
 * In order:
 *  1. `CHROMIUM_PATH`, when set (an explicit choice wins; it is an error if it is not executable);
 *  2. the headless Chromium that npm installs with the devDependency `@sparticuz/chromium` (x64 Linux),
 *     so that every machine runs the test in the same browser, whatever it has installed;
 *  3. elsewhere (another platform, or the package missing), a system Chromium on PATH (`chromium`,
 *     `chromium-browser`, `google-chrome`) that answers `--version` (Ubuntu's `chromium-browser` can be
 *     a shim that only says "install the snap").
 *
 * The npm browser is built for AWS Lambda: it is shipped brotli-compressed and extracted on first
 * use, with SwiftShader (WebGL without a GPU), a font, and the few shared libraries (NSS, NSPR,
 * expat) that Lambda's Amazon Linux lacks, and so does a Debian with only Node installed.
 */
import { execFile } from 'node:child_process';
import {
  accessSync, constants, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface ChromiumLaunch {
  /** What the browser is, for messages: its path, and where it came from. */
  description: string;
  executablePath: string;
  args: string[];
  /** The browser's environment (playwright's `env` launch option). */
  env: NodeJS.ProcessEnv;
}

/**
 * Flags for either browser. This machine may have no network at all, so nothing may phone home or
 * wait on it; playwright-core adds most of these too, but the test should not depend on its defaults.
 * No --disable-features here: Chromium keeps only the last one, which would replace playwright's.
 */
const COMMON_ARGS = [
  '--headless',
  '--no-sandbox', // CI runs as root, where Chromium's sandbox refuses to start
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  // WebGL2 (three.js) without a GPU: ANGLE over SwiftShader, which Chromium only allows when asked.
  '--disable-gpu',
  '--use-gl=angle',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist',
];

const SYSTEM_NAMES = ['chromium', 'chromium-browser', 'google-chrome'];

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function answersVersion(path: string): Promise<boolean> {
  try {
    const { stdout } = await run(path, ['--version'], { timeout: 30_000 });
    return /\d+\.\d+/.test(stdout);
  } catch {
    return false;
  }
}

async function systemChromium(): Promise<string | undefined> {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const name of SYSTEM_NAMES) {
    for (const dir of dirs) {
      const path = join(dir, name);
      if (isExecutable(path) && (await answersVersion(path))) return path;
    }
  }
  return undefined;
}

/** Whether the npm browser can run here: the package is installed and this is x64 Linux. */
function npmChromiumAvailable(): boolean {
  if (process.platform !== 'linux' || process.arch !== 'x64') return false;
  try {
    createRequire(import.meta.url).resolve('@sparticuz/chromium');
    return true;
  } catch {
    return false;
  }
}

/**
 * Extracts @sparticuz/chromium once per installed version into node_modules/.cache (so a new version,
 * or `npm ci`, starts afresh) and returns that directory.
 *
 * The package itself extracts into os.tmpdir() and reuses whatever `chromium` it finds there, even a
 * half-written one from an interrupted run or another version's. So the extraction runs in a child
 * process whose TMPDIR is a fresh staging directory, which is renamed into place only once complete.
 * AWS_EXECUTION_ENV makes the package take its Amazon Linux path, the one that also unpacks the
 * shared libraries it ships (al2023.tar.br), which a bare Debian lacks too.
 */
async function extractNpmChromium(): Promise<string> {
  const require = createRequire(import.meta.url);
  let entry: string;
  try {
    entry = require.resolve('@sparticuz/chromium'); // <package>/build/cjs/index.cjs
  } catch {
    throw new Error(
      'The explorer end-to-end test found no Chromium: CHROMIUM_PATH is not set, none of '
        + `${SYSTEM_NAMES.join(', ')} is on PATH, and the devDependency @sparticuz/chromium is not `
        + 'installed (run `npm install`).',
    );
  }
  const packageDir = join(dirname(entry), '..', '..');
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const nodeModules = join(packageDir, '..', '..');
  const cacheDir = join(nodeModules, '.cache', `sparticuz-chromium-${version}`);
  if (existsSync(join(cacheDir, 'chromium'))) return cacheDir;

  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `The explorer end-to-end test found no system Chromium, and @sparticuz/chromium ships only an x64 Linux build (this is ${process.platform}/${process.arch}). `
        + 'Install Chromium, or set CHROMIUM_PATH to a Chromium or Chrome executable.',
    );
  }
  const esmEntry = pathToFileURL(join(packageDir, 'build', 'esm', 'index.js')).href;
  mkdirSync(dirname(cacheDir), { recursive: true });
  // A run killed while extracting leaves its staging directory (~200 MB); one an hour old is dead.
  for (const name of readdirSync(dirname(cacheDir))) {
    const path = join(dirname(cacheDir), name);
    if (name.startsWith('sparticuz-chromium-') && name.includes('.partial-') && Date.now() - statSync(path).mtimeMs > 3_600_000) {
      rmSync(path, { recursive: true, force: true });
    }
  }
  const staging = mkdtempSync(`${cacheDir}.partial-`);
  try {
    const script = `const { default: c } = await import(${JSON.stringify(esmEntry)}); console.log(await c.executablePath());`;
    await run(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, TMPDIR: staging, AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs20.x' },
      timeout: 300_000,
    });
    for (const file of ['chromium', 'libGLESv2.so', 'fonts', join('al2023', 'lib', 'libnss3.so')]) {
      if (!existsSync(join(staging, file))) {
        throw new Error(`@sparticuz/chromium ${version} did not extract ${file} (into ${staging})`);
      }
    }
    // Fonts (the browser's fontconfig is built in): the system's when it has any, since the package's
    // Open Sans lacks the arrows and media symbols the explorer's labels use, plus Open Sans, so that
    // a machine without a single font still renders text.
    writeFileSync(
      join(staging, 'fonts.conf'),
      '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
        + '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n'
        + `  <dir>${join(cacheDir, 'fonts')}</dir>\n`
        + `  <cachedir>${join(cacheDir, 'fontconfig-cache')}</cachedir>\n</fontconfig>\n`,
    );
    try {
      renameSync(staging, cacheDir);
    } catch (e) {
      // Another run extracted the same version meanwhile: use its copy.
      if (!existsSync(join(cacheDir, 'chromium'))) throw e;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return cacheDir;
}

export async function findChromium(): Promise<ChromiumLaunch> {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) {
    if (!isExecutable(chosen)) throw new Error(`CHROMIUM_PATH=${chosen} is not an executable file.`);
    return { description: `${chosen} (CHROMIUM_PATH)`, executablePath: chosen, args: COMMON_ARGS, env: process.env };
  }
  if (!npmChromiumAvailable()) {
    const system = await systemChromium();
    if (system) return { description: `${system} (system)`, executablePath: system, args: COMMON_ARGS, env: process.env };
  }
  const dir = await extractNpmChromium();
  const libs = join(dir, 'al2023', 'lib');
  return {
    description: `${join(dir, 'chromium')} (@sparticuz/chromium)`,
    executablePath: join(dir, 'chromium'),
    args: COMMON_ARGS,
    env: {
      ...process.env,
      // The shipped NSS/NSPR/expat first: a bare Debian has none of them.
      LD_LIBRARY_PATH: [libs, process.env.LD_LIBRARY_PATH].filter(Boolean).join(delimiter),
      FONTCONFIG_FILE: join(dir, 'fonts.conf'),
    },
  };
}
