/**
 * Staff CLI: creates tenants and staff users, issues, rotates and revokes API keys, sets exchange
 * rates. Users and keys go through the same use cases as the API (lib/use-cases), acting as
 * platform staff (STAFF_TOOL, named so in the audit trail); tenants and rates, platform-staff
 * operations deliberately not part of the API, are written straight to the DynamoDB table.
 *
 *   npm run -s cli -- <command> [flags]        (-s keeps npm's banner out of --json output)
 *
 * Targets the stack of `npm start` unless told `--target aws --stage <stage>`.
 * Exit codes: 0 done; 1 the operation failed (subdomain taken, unknown key, a use case refused the
 * input: a mobile number another user has, a phone without its country code; DynamoDB unreachable);
 * 2 bad arguments, in which case nothing has been written.
 *
 * This file is only the entry point; the parts live in scripts/cli/, one command group a module.
 */
import { AppError } from '../lib/domain/errors.js';
import { parseInvocation, UsageError, type Invocation } from './cli/args.js';
import { loadStore, type Command, type Context } from './cli/command.js';
import { archiveCommands } from './cli/commands/archive.js';
import { catalogueCommands } from './cli/commands/catalogue.js';
import { chatCommands } from './cli/commands/chat.js';
import { keyCommands } from './cli/commands/keys.js';
import { outboxCommands } from './cli/commands/outbox.js';
import { importRuleCommands } from './cli/commands/import-rules.js';
import { rateCommands } from './cli/commands/rates.js';
import { tenantCommands } from './cli/commands/tenants.js';
import { userCommands } from './cli/commands/users.js';
import { webhookCommands } from './cli/commands/webhooks.js';
import { failureMessage } from './cli/failures.js';
import { applyTarget, parseTarget, type TargetInfo } from './cli/target.js';
import { USAGE } from './cli/usage.js';

// A Map, not an object literal: "constructor" or "__proto__" typed as a command must not resolve.
const COMMANDS = new Map<string, Command>([
  ...tenantCommands,
  ...userCommands,
  ...keyCommands,
  ...rateCommands,
  ...importRuleCommands,
  ...outboxCommands,
  ...archiveCommands,
  ...catalogueCommands,
  ...chatCommands,
  ...webhookCommands,
]);

async function main(argv: string[]): Promise<number> {
  // Stdout is the command's answer (--json is read by scripts): the use cases' info lines stay out of it.
  process.env.LOG_LEVEL ??= 'warn';
  let invocation: Invocation<Command>;
  let target: TargetInfo;
  try {
    invocation = parseInvocation(argv, COMMANDS);
    if (invocation.help) {
      console.log(USAGE);
      return 0;
    }
    target = applyTarget(parseTarget(invocation.args));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message);
    return 2;
  }
  const ctx: Context = { json: invocation.json, target, store: await loadStore() };
  try {
    await invocation.spec.run(invocation.args, ctx);
    return 0;
  } catch (error) {
    console.error(error instanceof UsageError ? error.message : failureMessage(error, target));
    // A value the service refuses as invalid (a phone number, a missing --user-id) is a bad
    // argument too, refused before anything was written.
    const badArguments =
      error instanceof UsageError || (error instanceof AppError && error.code === 'VALIDATION_ERROR');
    return badArguments ? 2 : 1;
  }
}

// exitCode rather than process.exit(), so piped output is flushed before the process ends.
process.exitCode = await main(process.argv.slice(2));
