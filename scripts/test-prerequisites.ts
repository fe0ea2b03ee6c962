/**
 * `npm test`'s first step (the `pretest` script): finds what the tests need beyond `npm ci`, and
 * installs what is missing when it can, so the README's test command passes on a fresh machine.
 *
 * - Java 17+ runs DynamoDB Local; Debian's chromium opens the API reference page; poppler reads
 *   generated PDFs back; cfn-lint checks the packaged CloudFormation templates.
 * - Missing Debian packages are installed with apt-get (as root, or through `sudo -n`), and the
 *   output says so. cfn-lint is not a Debian 12 package: pip installs it where PyPI is reachable.
 * - Whatever is still missing ends the run with one line saying what to install.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

interface Need {
  what: string;
  /** Debian package that provides it, when there is one. */
  debian?: string;
  found(): string | undefined;
  /** How a person installs it by hand. */
  hint: string;
}

const output = (command: string, args: string[]): string | undefined => {
  const result = spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 20_000 });
  return result.status === 0 ? `${result.stdout}${result.stderr}` : undefined;
};
const onPath = (command: string): boolean =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const firstLine = (text: string | undefined) => text?.trim().split('\n')[0]?.trim();

const CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/lib/chromium/chromium', '/usr/bin/chromium-browser'];

const NEEDS: Need[] = [
  {
    what: 'Java 17+ (DynamoDB Local)',
    debian: 'openjdk-17-jre-headless',
    hint: 'Java 17 or newer (Debian: apt-get install openjdk-17-jre-headless; macOS: brew install openjdk@17)',
    found: () => {
      const version = output('java', ['-version'])?.match(/version "(\d+)/)?.[1];
      return version && Number(version) >= 17 ? `java ${version}` : undefined;
    },
  },
  {
    what: 'chromium (the API reference test)',
    debian: 'chromium',
    hint: "Debian's chromium (apt-get install chromium)",
    found: () => {
      const path = CHROMIUM_PATHS.find((candidate) => existsSync(candidate));
      return path ? (firstLine(output(path, ['--version']))?.match(/^\S+ [\d.]+/)?.[0] ?? 'chromium') : undefined;
    },
  },
  {
    what: 'poppler (the document tests read PDFs with pdftotext and pdftoppm)',
    debian: 'poppler-utils',
    hint: 'poppler (apt-get install poppler-utils; macOS: brew install poppler)',
    found: () =>
      onPath('pdftotext') && onPath('pdftoppm')
        ? `poppler ${output('pdftotext', ['-v'])?.match(/version ([\d.]+)/)?.[1] ?? ''}`.trim()
        : undefined,
  },
  {
    what: 'cfn-lint (the packaged CloudFormation templates)',
    hint: 'pip install cfn-lint',
    found: () =>
      onPath('cfn-lint')
        ? `cfn-lint ${output('cfn-lint', ['--version'])?.match(/([\d.]+)/)?.[1] ?? ''}`.trim()
        : undefined,
  },
];

const say = (text: string) => console.log(`test prerequisites: ${text}`);

function aptInstall(packages: string[]): boolean {
  if (!onPath('apt-get')) return false;
  const root = process.getuid?.() === 0;
  if (!root && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status !== 0) return false;
  const run = (args: string[]) => {
    const [command, ...rest] = root ? args : ['sudo', '-n', ...args];
    return (
      spawnSync(command!, rest, {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      }).status === 0
    );
  };
  const started = Date.now();
  say(`installing ${packages.join(', ')} with apt-get (missing on this machine)...`);
  const ok =
    run(['apt-get', 'update', '-qq']) &&
    run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...packages]);
  say(
    ok
      ? `installed ${packages.join(', ')} in ${((Date.now() - started) / 1000).toFixed(0)} s`
      : `apt-get could not install ${packages.join(', ')}`,
  );
  return ok;
}

function pipInstall(name: string): void {
  const python = ['python3', 'python'].find(onPath);
  if (!python) return;
  say(`installing ${name} with pip (missing on this machine)...`);
  const result = spawnSync(
    python,
    ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--retries', '0', '--timeout', '15', name],
    {
      stdio: 'ignore',
      timeout: 180_000,
    },
  );
  // pyenv puts new console scripts on PATH only after a rehash.
  if (result.status === 0 && onPath('pyenv')) spawnSync('pyenv', ['rehash'], { stdio: 'ignore' });
  say(result.status === 0 ? `installed ${name}` : `pip could not install ${name} (is PyPI reachable?)`);
}

let missing = NEEDS.filter((need) => !need.found());
const debianPackages = missing.flatMap((need) => (need.debian ? [need.debian] : []));
if (debianPackages.length > 0) aptInstall(debianPackages);
if (missing.some((need) => need.what.startsWith('cfn-lint'))) pipInstall('cfn-lint');
missing = NEEDS.filter((need) => !need.found());

if (missing.length > 0) {
  console.error(
    `npm test needs ${missing.map((need) => need.hint).join('; ')}: install ${missing.length === 1 ? 'it' : 'them'} and run npm test again.`,
  );
  process.exit(1);
}
say(NEEDS.map((need) => need.found()).join(', '));
