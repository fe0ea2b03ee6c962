/** What a CLI command is, and what it is handed when it runs. */
import type { Args, CommandSpec } from './args.js';
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
