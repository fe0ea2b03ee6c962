/**
 * `import-rules list|show|set|delete`: the destinations' import rules (docs/import-rules.md).
 * Without --tenant they are the platform's defaults; with it, that tenant's own versions.
 */
import { readFileSync } from 'node:fs';
import { STAFF_TOOL } from '../../../lib/domain/caller.js';
import { validationError } from '../../../lib/domain/errors.js';
import type { ImportRule } from '../../../lib/domain/import-rules.js';
import { toFieldErrors } from '../../../lib/schemas/field-errors.js';
import putRuleRoute from '../../../lib/schemas/generated/putImportRule.js';
import { required, text, UsageError, type Args } from '../args.js';
import { knownTenant, type CommandEntries, type Context } from '../command.js';
import { emit, table } from '../output.js';

const loadRules = () => import('../../../lib/use-cases/import-rules.js');

/** --tenant, checked to exist; none: the platform's defaults. */
async function tenantOption(args: Args, ctx: Context): Promise<string | undefined> {
  const id = text(args.values, 'tenant');
  return id === undefined ? undefined : (await knownTenant(ctx, id)).id;
}

const lineOf = (r: ImportRule) => [
  r.country,
  r.maxAgeYears === undefined ? '-' : String(r.maxAgeYears),
  `${r.ageCountedFrom} to ${r.ageCountedTo}`,
  r.refusedDamage.join(',') || '-',
  r.origin,
  String(r.version),
  r.confirmed ? 'yes' : 'no',
  r.asOf,
];

async function listCommand(args: Args, ctx: Context): Promise<void> {
  const { listImportRules } = await loadRules();
  const rules = await listImportRules(STAFF_TOOL, await tenantOption(args, ctx));
  emit(
    ctx,
    rules,
    table(
      ['country', 'max age', 'counted', 'refused damage', 'origin', 'version', 'confirmed', 'as of'],
      rules.map(lineOf),
    ),
  );
}

async function showCommand(args: Args, ctx: Context): Promise<void> {
  const { readImportRule } = await loadRules();
  const rule = await readImportRule(STAFF_TOOL, args.positionals[0] ?? '', await tenantOption(args, ctx));
  emit(ctx, rule, [JSON.stringify(rule, null, 2)]);
}

/** `import-rules set <country> --file rule.json`: the body of PUT /api/v1/import-rules/{country}, checked by its validator. */
async function setCommand(args: Args, ctx: Context): Promise<void> {
  const file = required(args, 'file');
  let body: unknown;
  try {
    body = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(
      `--file ${file}: ${error instanceof Error ? error.message : String(error)}; give the rule as JSON, e.g. {"maxAgeYears": 5, "ageCountedFrom": "model-year", ...}`,
    );
  }
  if (!putRuleRoute.validateBody!(body))
    throw validationError(
      toFieldErrors('file', putRuleRoute.validateBody!.errors, body, putRuleRoute.bodyNames, putRuleRoute.bodyHints),
    );
  const { version, ...rule } = body as { version?: number } & Record<string, unknown>;
  const { writeImportRule } = await loadRules();
  const saved = await writeImportRule(
    STAFF_TOOL,
    args.positionals[0] ?? '',
    rule as never,
    version === undefined ? undefined : { version, via: 'body' },
    await tenantOption(args, ctx),
  );
  emit(ctx, saved, [
    `Import rule for ${saved.country} saved (${saved.origin === 'default' ? 'the default' : `tenant ${text(args.values, 'tenant')}`}), version ${saved.version}.`,
  ]);
}

async function deleteCommand(args: Args, ctx: Context): Promise<void> {
  const tenantId = await tenantOption(args, ctx);
  if (tenantId === undefined)
    throw new UsageError('--tenant is required: defaults are changed with `import-rules set`, never deleted');
  const { dropImportRule } = await loadRules();
  const now = await dropImportRule(STAFF_TOOL, args.positionals[0] ?? '', undefined, tenantId);
  emit(ctx, now, [
    `Tenant ${tenantId}'s own rule for ${now.country} deleted; ${now.origin === 'none' ? 'the country has no rule now' : `the default (version ${(now as ImportRule).version}) is in force`}.`,
  ]);
}

const tenant = { tenant: { type: 'string' } } as const;

export const importRuleCommands: CommandEntries = [
  ['import-rules list', { options: tenant, positionals: [], run: listCommand }],
  ['import-rules show', { options: tenant, positionals: ['country'], run: showCommand }],
  ['import-rules set', { options: { ...tenant, file: { type: 'string' } }, positionals: ['country'], run: setCommand }],
  ['import-rules delete', { options: tenant, positionals: ['country'], run: deleteCommand }],
];
