/**
 * The CloudFormation templates of a package folder (`npm run package` writes .serverless/): the
 * root stack's, one per nested stack (scripts/serverless/split-stacks.cjs) and the bucket-only
 * template of a first deployment. Shared by the report (template-report.ts) and the packaging
 * test, which hold every template to the same rules.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

/** CloudFormation's limit is 500 resources a stack; the rest is room for new functions. */
export const MAX_RESOURCES = 450;

/**
 * cfn-lint rules not applied, each with the reason. Empty: every template passes every rule.
 * A rule goes here only when the template cannot reasonably satisfy it, never to silence a
 * finding that a change to serverless.yml or scripts/serverless/ can fix.
 */
export const CFN_LINT_IGNORED: Readonly<Record<string, string>> = {};

export const ROOT_TEMPLATE = 'cloudformation-template-update-stack.json';

export interface Template {
  /** File name in the package folder. */
  file: string;
  path: string;
  body: {
    Parameters?: Record<string, unknown>;
    Conditions?: Record<string, unknown>;
    Resources: Record<string, { Type: string; Properties?: Record<string, unknown>; DependsOn?: string | string[] }>;
    Outputs?: Record<string, { Value: unknown }>;
  };
}

/** Every template serverless wrote into a package folder: the root stack's, the nested stacks', the rest. */
export function packagedTemplates(dir: string): Template[] {
  const rank = (file: string) =>
    file === ROOT_TEMPLATE ? 0 : file.endsWith('-nested-stack.json') || /-nested-stack-\d+\.json$/.test(file) ? 1 : 2;
  const files = readdirSync(dir)
    .filter((file) => /^cloudformation-template-.+\.json$/.test(file))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return files.map((file) => {
    const path = join(dir, file);
    return { file, path, body: JSON.parse(readFileSync(path, 'utf8')) as Template['body'] };
  });
}

/** The region the package was made for, from serverless-state.json (cfn-lint checks against it). */
export function packagedRegion(dir: string): string | undefined {
  const state = join(dir, 'serverless-state.json');
  if (!existsSync(state)) return undefined;
  return (JSON.parse(readFileSync(state, 'utf8')) as { service?: { provider?: { region?: string } } }).service?.provider
    ?.region;
}

/** cfn-lint's path on PATH, or undefined. */
export function findCfnLint(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, 'cfn-lint');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this folder.
    }
  }
  return undefined;
}

export const CFN_LINT_MISSING = 'cfn-lint not found: pip install cfn-lint';

export interface LintFinding {
  file: string;
  rule: string;
  level: 'Error' | 'Warning' | 'Informational';
  message: string;
  line: number | undefined;
  /** Why the rule is not applied, when it is in CFN_LINT_IGNORED. */
  ignoredBecause: string | undefined;
}

interface CfnLintJson {
  Filename: string;
  Level: LintFinding['level'];
  Message: string;
  Rule: { Id: string };
  Location?: { Start?: { LineNumber?: number } };
}

/** Runs cfn-lint once over the given templates; its exit status says only whether it found something. */
export async function lintTemplates(
  cfnLint: string,
  paths: readonly string[],
  region: string | undefined,
): Promise<LintFinding[]> {
  const args = ['--format', 'json', ...(region ? ['--regions', region] : []), '--', ...paths];
  let stdout: string;
  try {
    ({ stdout } = await promisify(execFile)(cfnLint, args, { maxBuffer: 64 * 1024 * 1024 }));
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    if (!failed.stdout?.trim().startsWith('['))
      throw new Error(`cfn-lint failed: ${failed.message}\n${failed.stderr ?? ''}`);
    stdout = failed.stdout;
  }
  return (JSON.parse(stdout) as CfnLintJson[]).map((finding) => ({
    file: finding.Filename,
    rule: finding.Rule.Id,
    level: finding.Level,
    message: finding.Message,
    line: finding.Location?.Start?.LineNumber,
    ignoredBecause: CFN_LINT_IGNORED[finding.Rule.Id],
  }));
}

/** cfn-lint's version line (`cfn-lint 1.51.0`). */
export async function cfnLintVersion(cfnLint: string): Promise<string> {
  const { stdout, stderr } = await promisify(execFile)(cfnLint, ['--version']);
  return `${stdout}${stderr}`.trim();
}

/** Offline: no AWS credentials, profile or endpoints of the local stack leak into a packaging. */
export function packagingEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (name.startsWith('AWS_') || name === 'ESBUILD_WORK_FOLDER') continue;
    env[name] = value;
  }
  return {
    ...env,
    AWS_REGION: 'eu-west-1',
    AWS_SDK_LOAD_CONFIG: '0',
    AWS_CONFIG_FILE: '/dev/null',
    AWS_SHARED_CREDENTIALS_FILE: '/dev/null',
    // The credential chain's last resort (the instance metadata service) would only time out here.
    AWS_EC2_METADATA_DISABLED: 'true',
    SLS_TELEMETRY_DISABLED: '1',
    SLS_NOTIFICATIONS_MODE: 'off',
    SLS_DEPRECATION_DISABLE: '*',
  };
}
