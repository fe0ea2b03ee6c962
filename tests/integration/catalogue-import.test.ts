import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli as runCli } from '../support/cli.js';
import { describe, expect, it } from 'vitest';
import { generateCatalogue } from '../../scripts/demo-catalogue/generate.js';
import { findCarIds } from '../../lib/store/cars.js';
import { api, demoKey } from '../support/http.js';

const cli = (args: string[]) => runCli(args, { timeout: 60_000 });

/** Three valid cars with listing numbers and a title word no other test uses. */
function uniqueCars(token: string) {
  return generateCatalogue({ count: 3, seed: 7, imageBaseUrl: 'http://127.0.0.1/img' }).map((car, i) => ({
    ...car,
    advertisementNumber: `${token}-${i}`,
    title: `${car.title} ${token}`,
  }));
}

describe('catalogue import', () => {
  it('imports good lines, reports bad ones by line number, and shows the cars to readers', async () => {
    const token = `imp${Date.now().toString(36)}`;
    const good = uniqueCars(token);
    const lines = [
      JSON.stringify(good[0]),
      '{not json',
      JSON.stringify({ ...good[1], fuelType: 'Steam' }),
      JSON.stringify(good[1]),
      JSON.stringify({ ...good[2], year: undefined }),
      JSON.stringify(good[2]),
      '',
    ];
    const file = join(mkdtempSync(join(tmpdir(), 'vpo-import-')), 'cars.ndjson');
    writeFileSync(file, lines.join('\n'));

    const first = await cli(['catalogue', 'import', file, '--json']);
    expect(first.code, first.stderr).toBe(0);
    const summary = JSON.parse(first.stdout);
    expect(summary).toMatchObject({ received: 3, created: 3, updated: 0, skipped: 3 });
    expect(summary.errors.map((e: { line: number }) => e.line)).toEqual([2, 3, 5]);
    expect(first.stderr).toContain('line 3:');

    const ids = await findCarIds(good);
    expect(ids.size).toBe(3);
    const again = JSON.parse((await cli(['catalogue', 'import', file, '--json'])).stdout);
    expect(again).toMatchObject({ created: 0, updated: 3 });
    expect(await findCarIds(good)).toEqual(ids);

    // The test stack checks for a new snapshot every 2 s (60 s in AWS); a container that finds one
    // loads it in the background and answers from the previous one until it is ready.
    let listed = await api('GET', `/api/v1/cars?search=${token}&limit=10`, { key: demoKey('platform') });
    for (const deadline = Date.now() + 30_000; listed.body.meta.total !== 3 && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 500));
      listed = await api('GET', `/api/v1/cars?search=${token}&limit=10`, { key: demoKey('platform') });
    }
    expect(listed.body.meta.total).toBe(3);
    expect(listed.body.data.map((c: { id: number }) => c.id).sort()).toEqual([...ids.values()].sort());
  });

  it('exits 1 and imports nothing when every line is bad', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'vpo-import-')), 'bad.ndjson');
    writeFileSync(file, '{"provider":"glovis"}\nnope\n');
    const result = await cli(['catalogue', 'import', file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('line 1:');
    expect(result.stderr).toContain('line 2:');
  });

  it('exits 2 for a file that does not exist', async () => {
    const result = await cli(['catalogue', 'import', '/nonexistent/cars.ndjson']);
    expect(result.code).toBe(2);
  });

  it('generates the same catalogue for the same seed', async () => {
    const a = await cli(['catalogue', 'generate', '--count', '5', '--seed', '3']);
    const b = await cli(['catalogue', 'generate', '--count', '5', '--seed', '3']);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout.trim().split('\n')).toHaveLength(5);
  });
});
