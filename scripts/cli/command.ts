/** What a CLI command is, and what it is handed when it runs. */
import { AppError } from '../../lib/domain/errors.js';
import type { Tenant } from '../../lib/store/tenants.js';
import { FailedError, UsageError, type Args, type CommandSpec } from './args.js';
import type { TargetInfo } from './target.js';

/**
 * The store modules create their DynamoDB client when loaded, from the environment: imported only
 * after applyTarget (scripts/cli/target.ts), never statically by a command module.
 */
export async function loadStore() {
  const [tenants, apiKeys, fxRates] = await Promise.all([
    import('../../lib/store/tenants.js'),
    import('../../lib/store/api-keys.js'),
    import('../../lib/store/fx-rates.js'),
  ]);
  return { ...tenants, ...apiKeys, ...fxRates };
}

type Store = Awaited<ReturnType<typeof loadStore>>;

export interface Context {
  json: boolean;
  target: TargetInfo;
  store: Store;
}

export interface Command extends CommandSpec {
  run(args: Args, ctx: Context): Promise<void>;
}

/** A command group's entries of the command table: ["<group> <action>", command]. */
export type CommandEntries = ReadonlyArray<readonly [string, Command]>;

/** A tenant named by --tenant must exist: a bad argument otherwise (exit 2, nothing written). */
export async function knownTenant(ctx: Context, tenantId: string): Promise<Tenant> {
  const tenant = await ctx.store.getTenant(tenantId);
  if (!tenant) throw new UsageError(`no tenant with id "${tenantId}" (see \`cli tenants list\`)`);
  return tenant;
}

/**
 * For `.catch()`: a use case's NOT_FOUND of the record a command names becomes the CLI's own
 * message, a failure (exit 1) or, for a record a flag points at, a bad argument (UsageError, exit 2).
 */
export const notFoundAs =
  (message: string, as: new (message: string) => Error = FailedError) =>
  (error: unknown): never => {
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw new as(message);
    throw error;
  };
