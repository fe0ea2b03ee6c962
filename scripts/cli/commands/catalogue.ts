/** `catalogue import`, `catalogue generate`. */
import { readFileSync, writeFileSync } from 'node:fs';
import { FailedError, positiveInteger, required, text, UsageError, type Args } from '../args.js';
import type { CommandEntries, Context } from '../command.js';
import { emit } from '../output.js';
import { bucketName } from '../../../lib/config.js';

/** The importer needs the store and the S3 client, so it is loaded (after applyTarget) only by its command. */
const loadImporter = () => import('../../../lib/use-cases/import-catalogue.js');

async function importCatalogueCommand(args: Args, ctx: Context): Promise<void> {
  const file = args.positionals[0]!;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const { parseCatalogueLines, importCars } = await loadImporter();
  const { cars, errors } = parseCatalogueLines(text);
  for (const e of errors) console.error(`line ${e.line}: ${e.message}`);
  if (cars.length === 0) throw new FailedError(`Nothing imported: ${errors.length} bad line(s) and no good one in ${file}`);
  const summary = await importCars(cars);
  emit(ctx, { ...summary, skipped: errors.length, errors }, [
    `Imported ${cars.length} car(s): ${summary.created} new, ${summary.updated} updated; ${errors.length} bad line(s) skipped.`,
    `The catalogue now holds ${summary.catalogueSize} cars (snapshot ${summary.version}); the API serves it within 60 s.`,
  ]);
}

async function generateCatalogueCommand(args: Args, ctx: Context): Promise<void> {
  const count = positiveInteger('count', required(args, 'count'));
  if (count > 1_000_000) throw new UsageError('--count must be at most 1000000');
  const seed = text(args.values, 'seed') === undefined ? 1 : positiveInteger('seed', text(args.values, 'seed')!);
  const { generateCars, demoImageBase } = await import('../../demo-catalogue/generate.js');
  // By default the demo pictures `npm start` keeps in the target's bucket, as an s3:// URI: no port in the catalogue.
  const imageBaseUrl = text(args.values, 'image-base-url') ?? demoImageBase(bucketName());
  if (!/^(https?|s3):\/\/\S+$/.test(imageBaseUrl)) throw new UsageError('--image-base-url must be an http(s) URL or an s3://bucket/prefix URI');
  const out = text(args.values, 'out');
  const lines: string[] = [];
  for (const car of generateCars({ count, seed, imageBaseUrl })) lines.push(JSON.stringify(car));
  const body = `${lines.join('\n')}\n`;
  if (out === undefined) {
    process.stdout.write(body);
    return;
  }
  writeFileSync(out, body);
  emit(ctx, { written: count, file: out, seed }, [`Wrote ${count} cars to ${out} (seed ${seed}). Import them with: npm run -s cli -- catalogue import ${out}`]);
}

export const catalogueCommands: CommandEntries = [
  ['catalogue import', { options: {}, positionals: ['file'], run: importCatalogueCommand }],
  [
    'catalogue generate',
    {
      options: { count: { type: 'string' }, seed: { type: 'string' }, out: { type: 'string' }, 'image-base-url': { type: 'string' } },
      positionals: [],
      run: generateCatalogueCommand,
    },
  ],
];
