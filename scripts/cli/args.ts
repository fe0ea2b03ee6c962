/**
 * Argument parsing and value checks of the staff CLI. Pure: nothing here touches the table, so a
 * UsageError (exit code 2) always comes before anything is written.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { isRole, ROLES, type Role } from '../../lib/domain/caller.js';
import { oneLine } from './output.js';

/** Bad arguments: exit code 2. Always thrown before anything is written. */
export class UsageError extends Error {}

/** The operation itself failed (subdomain taken, no such key): exit code 1. */
export class FailedError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;
export type Values = Record<string, string | boolean | undefined>;

export interface Args {
  command: string;
  values: Values;
  positionals: string[];
}

/** What parsing needs to know of a command. */
export interface CommandSpec {
  options: Options;
  /** Names of the positional arguments, all required. */
  positionals: string[];
  /** Set on a deprecated spelling of another command: it still runs, but is listed nowhere. */
  aliasOf?: string;
}

const GLOBAL_OPTIONS = {
  json: { type: 'boolean' },
  target: { type: 'string' },
  stage: { type: 'string' },
  region: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} satisfies Options;

export const text = (values: Values, flag: string): string | undefined => {
  const value = values[flag];
  return typeof value === 'string' ? value.trim() : undefined;
};

export function required(args: Args, flag: string): string {
  const value = text(args.values, flag);
  if (!value) throw new UsageError(`"${args.command}" needs --${flag} (see \`cli help\`)`);
  return value;
}

/** Splits "a, b,,c" into ["a","b","c"]; an empty result is an error, since the flag was given on purpose. */
export function list(flag: string, value: string): string[] {
  const items = [
    ...new Set(
      value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    ),
  ];
  if (items.length === 0) throw new UsageError(`--${flag} needs at least one value`);
  return items;
}

const DECIMAL = /^\d{1,12}(\.\d{1,12})?$/;

/** Decimal strings, never floats: markups and rates are stored as text so no precision is lost. */
export function positiveDecimal(flag: string, value: string): string {
  if (!DECIMAL.test(value) || !/[1-9]/.test(value))
    throw new UsageError(`--${flag} must be a positive decimal such as 1.08, got "${value}"`);
  return value;
}

export function positiveInteger(flag: string, value: string): number {
  if (!/^[1-9]\d{0,9}$/.test(value)) throw new UsageError(`--${flag} must be a positive whole number, got "${value}"`);
  return Number(value);
}

export function currency(flag: string, value: string): string {
  if (!/^[A-Z]{3}$/.test(value))
    throw new UsageError(`--${flag} must be a currency code of 3 capital letters such as USD, got "${value}"`);
  return value;
}

export function shortText(flag: string, value: string, max = 200): string {
  if (value.length > max) throw new UsageError(`--${flag} must be at most ${max} characters`);
  return value;
}

export function role(flag: string, value: string): Role {
  if (!isRole(value)) throw new UsageError(`--${flag} must be one of ${ROLES.join(', ')}, got "${value}"`);
  return value;
}

/** One of a few fixed words, e.g. en|ar. */
export function oneOf<const T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value))
    throw new UsageError(`--${flag} must be ${allowed.join(' or ')}, got "${value}"`);
  return value as T;
}

/** A plain shape check; the address itself is the user's business. */
export function email(flag: string, value: string): string {
  if (value.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value))
    throw new UsageError(`--${flag} must be an e-mail address such as mina@example.com, got "${value}"`);
  return value;
}

/** Who a record belongs to: `--tenant ID` (a tenant's) or `--platform` (platform staff, every tenant); undefined when neither is given. */
export type Owner = { tenantId: string } | { platform: true };

export function owner(args: Args): Owner | undefined {
  const tenantId = text(args.values, 'tenant');
  const platform = args.values.platform === true;
  if (tenantId !== undefined && platform) throw new UsageError('give either --tenant ID or --platform, not both');
  if (tenantId === '') throw new UsageError('--tenant needs a tenant id');
  if (tenantId !== undefined) return { tenantId };
  return platform ? { platform: true } : undefined;
}

export function requiredOwner(args: Args, what: string): Owner {
  const given = owner(args);
  if (!given)
    throw new UsageError(
      `"${args.command}" needs --tenant ID (${what} of a tenant) or --platform (platform staff, every tenant)`,
    );
  return given;
}

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/** Returns the instant in canonical ISO form; Date.parse alone would roll 2026-02-31 over to March. */
export function isoInstant(flag: string, value: string): string {
  const match = ISO_DATE_TIME.exec(value);
  const [, year, month, day] = match ?? [];
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const time = Date.parse(value);
  if (
    !match ||
    Number.isNaN(time) ||
    calendar.getUTCMonth() !== Number(month) - 1 ||
    calendar.getUTCDate() !== Number(day)
  ) {
    throw new UsageError(`--${flag} must be an ISO date or date-time such as 2026-11-01T00:00:00Z, got "${value}"`);
  }
  return new Date(time).toISOString();
}

/** parseArgs reports a problem in its own words; this names the flag and the command in one line. */
function flagError(error: unknown, command: string): UsageError {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? oneLine(error.message) : String(error);
  const quoted = /'([^']+)'/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
    return new UsageError(`unknown flag ${quoted} for "${command}" (see \`cli help\`)`);
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
    return new UsageError(`unexpected argument "${quoted}" for "${command}"`);
  // e.g. `tenants update ID --published-only` (there it takes true|false, unlike on create).
  const flag = quoted?.split(' ')[0];
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && quoted?.endsWith(' <value>'))
    return new UsageError(`${flag} needs a value for "${command}" (see \`cli help\`)`);
  return new UsageError(message);
}

function parseFlags(command: string, spec: CommandSpec, argv: string[]): Args {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { ...GLOBAL_OPTIONS, ...spec.options },
      strict: true,
      allowPositionals: spec.positionals.length > 0,
    });
    return { command, values: values as Values, positionals };
  } catch (error) {
    throw flagError(error, command);
  }
}

export type Invocation<C extends CommandSpec> = { help: true } | { help: false; spec: C; args: Args; json: boolean };

/** `<group> <action> [flags]`: the command words come first, flags after them in any order. */
export function parseInvocation<C extends CommandSpec>(
  argv: string[],
  commands: ReadonlyMap<string, C>,
): Invocation<C> {
  const [group, action, ...rest] = argv;
  const asksHelp = (word: string | undefined) => word === 'help' || word === '--help' || word === '-h';
  if (group === undefined || asksHelp(group)) return { help: true };
  if (group.startsWith('-')) throw new UsageError('put the command first: cli <command> [flags] (see `cli help`)');
  const command = action === undefined || action.startsWith('-') ? group : `${group} ${action}`;
  const spec = commands.get(command);
  if (!spec) {
    // `cli tenants --help`: the whole usage, which lists the group's commands.
    if (asksHelp(action) || rest.some(asksHelp)) return { help: true };
    const listed = [...commands].filter(([, c]) => c.aliasOf === undefined).map(([name]) => name);
    const ofGroup = command === group ? listed.filter((name) => name.startsWith(`${group} `)) : [];
    throw new UsageError(
      ofGroup.length > 0
        ? `"${group}" needs one of its commands: ${ofGroup.join(', ')} (see \`cli help\`)`
        : `unknown command "${command}"; commands: ${listed.join(', ')}, help`,
    );
  }
  const args = parseFlags(command, spec, rest);
  if (args.values.help === true) return { help: true };
  if (args.positionals.length !== spec.positionals.length) {
    throw new UsageError(
      `"${command}" takes ${spec.positionals.map((name) => `<${name}>`).join(' ') || 'no arguments'}`,
    );
  }
  return { help: false, spec, args, json: args.values.json === true };
}
