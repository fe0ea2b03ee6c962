/**
 * Figures in the README and docs/ describe the code as it is: each figure block carries the
 * fingerprint of the code its suite measured, and a change to that code without measuring again
 * (`npm run docs:figures`) fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { blocksOf, FIGURE_DOCUMENTS, FIGURE_INPUTS, figureInputs, replaceBlock } from '../../scripts/figures/blocks.js';

const root = join(fileURLToPath(import.meta.url), '..', '..', '..');

describe('figures in the documentation', () => {
  const blocks = FIGURE_DOCUMENTS.flatMap((document) =>
    blocksOf(readFileSync(join(root, document), 'utf8')).map((block) => ({ document, ...block })),
  );

  it('are all generated: the README shows the start times, docs/ every suite', () => {
    expect(blocks.filter((b) => b.document === 'README.md').map((b) => `${b.suite}:${b.part}`)).toContain(
      'local-start:summary',
    );
    expect(blocks.filter((b) => b.document === 'docs/deploying.md').map((b) => b.suite)).toEqual(['package']);
    expect(
      blocks
        .filter((b) => b.document.startsWith('docs/') && b.part === 'main')
        .map((b) => b.suite)
        .sort(),
    ).toEqual(Object.keys(FIGURE_INPUTS).sort());
  });

  it('were measured on the code they describe', () => {
    const stale = blocks
      .filter((block) => figureInputs(root, block.suite) !== block.inputs)
      .map(
        (block) =>
          `${block.document}: the ${block.suite} figures describe older code (${FIGURE_INPUTS[block.suite]!.join(', ')}): run npm run docs:figures -- --only ${block.suite}`,
      );
    expect(stale).toEqual([]);
  });

  it('are replaced only in their own block', () => {
    const markdown =
      'a\n<!-- figures orders inputs=00 -->\nold\n<!-- /figures -->\nb\n<!-- figures catalogue inputs=11 -->\nkept\n<!-- /figures -->\n';
    const next = replaceBlock(markdown, 'orders', 'main', 'ff', 'new');

    expect(next).toBe(
      'a\n<!-- figures orders inputs=ff -->\nnew\n<!-- /figures -->\nb\n<!-- figures catalogue inputs=11 -->\nkept\n<!-- /figures -->\n',
    );
    expect(blocksOf(next).map((b) => `${b.suite}=${b.inputs}`)).toEqual(['orders=ff', 'catalogue=11']);
  });
});
