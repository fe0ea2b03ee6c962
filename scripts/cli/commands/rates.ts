/** `rates set`, `rates list`: exchange rates. */
import type { FxRate } from '../../../lib/store/fx-rates.js';
import { currency, isoInstant, positiveDecimal, required, shortText, text, UsageError, type Args } from '../args.js';
import type { CommandEntries, Context } from '../command.js';
import { emit, table } from '../output.js';

async function setRateCommand(args: Args, ctx: Context): Promise<void> {
  const from = currency('from', required(args, 'from'));
  const to = currency('to', required(args, 'to'));
  if (from === to) throw new UsageError(`--from and --to must differ, both are ${from}`);
  const rate = positiveDecimal('rate', required(args, 'rate'));
  const source = shortText('source', text(args.values, 'source') || 'staff CLI');
  const asOfFlag = text(args.values, 'as-of');
  const asOf = asOfFlag === undefined ? new Date().toISOString() : isoInstant('as-of', asOfFlag);
  const saved = await ctx.store.putFxRate({ from, to, rate, source, asOf });
  emit(ctx, saved, [`1 ${from} = ${rate} ${to} (source: ${source}, as of ${asOf}).`]);
}

async function listRatesCommand(_args: Args, ctx: Context): Promise<void> {
  const rates: FxRate[] = await ctx.store.listFxRates();
  const rows = rates.map((r) => [r.from, r.to, r.rate, r.source, r.asOf, r.updatedAt]);
  emit(ctx, rates, table(['from', 'to', 'rate', 'source', 'as of', 'updated'], rows));
}

export const rateCommands: CommandEntries = [
  [
    'rates set',
    {
      options: {
        from: { type: 'string' },
        to: { type: 'string' },
        rate: { type: 'string' },
        source: { type: 'string' },
        'as-of': { type: 'string' },
      },
      positionals: [],
      run: setRateCommand,
    },
  ],
  ['rates list', { options: {}, positionals: [], run: listRatesCommand }],
];
