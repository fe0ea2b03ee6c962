/**
 * Figures in the documentation are generated, never typed: each sits in a block that names the
 * benchmark suite that measured it and a fingerprint of the code that suite measures, so a test
 * can tell when the code moved on since (tests/unit/figures-fresh.test.ts).
 *
 *   <!-- figures local-start inputs=3f1c9a2e0b7d4c11 -->
 *   ...written by `npm run docs:figures`...
 *   <!-- /figures -->
 */
import { inputsHash } from '../inputs-hash.js';

/** What each suite's figures describe: the code whose change makes them stale. */
export const FIGURE_INPUTS: Record<string, readonly string[]> = {
  'local-start': [
    'scripts/local-stack.ts',
    'scripts/local',
    'scripts/build-contracts.ts',
    'scripts/contracts',
    'scripts/serverless',
    'serverless.yml',
    'package-lock.json',
  ],
  'cold-start': [
    'functions',
    'lib',
    'scripts/serverless',
    'serverless.yml',
    'package-lock.json',
    'scripts/bench/cold-start.ts',
    'scripts/bench/_lambda-bundle.ts',
    'scripts/bench/_naive-handler.ts',
    'scripts/bench/_module-init.ts',
    'scripts/bench/_cold-start-report.ts',
  ],
  catalogue: [
    'lib/catalogue',
    'scripts/bench/catalogue.ts',
    'scripts/bench/_previous-catalogue-query.ts',
    'scripts/bench/_cold-load.ts',
    'scripts/bench/_catalogue-mix.ts',
  ],
  orders: ['lib/use-cases/orders', 'lib/store', 'scripts/bench/orders.ts', 'scripts/bench/_previous-order-design.ts'],
  package: ['functions', 'lib/schemas', 'serverless.yml', 'scripts/serverless', 'package-lock.json'],
  console: [
    'console/src',
    'console/index.html',
    'console/vite.config.ts',
    'package-lock.json',
    'lib/http/console-files.ts',
    'functions/console',
    'scripts/bench/console.ts',
  ],
  'order-cost': [
    'lib/store',
    'lib/use-cases',
    'scripts/local/bootstrap.ts',
    'scripts/bench/order-cost.ts',
    'scripts/bench/_order-walk.ts',
    'scripts/bench/_walk-tree.ts',
    'scripts/bench/_walk-steps.ts',
    'scripts/bench/_capacity-meter.ts',
    'scripts/bench/_write-targets.ts',
  ],
};

/** The documents that hold figure blocks. */
export const FIGURE_DOCUMENTS = ['README.md', 'docs/benchmarks.md', 'docs/deploying.md'];

export const figureInputs = (root: string, suite: string): string => {
  const paths = FIGURE_INPUTS[suite];
  if (!paths) throw new Error(`no inputs are declared for the figures of suite "${suite}" (scripts/figures/blocks.ts)`);
  return inputsHash(root, paths).slice(0, 16);
};

export interface FigureBlock {
  suite: string;
  /** Which block of that suite (a document may show a suite's figures in more than one place). */
  part: string;
  inputs: string;
}

const BLOCK = /<!-- figures ([a-z-]+)(?::([a-z-]+))? inputs=([0-9a-f]+) -->\n[\s\S]*?<!-- \/figures -->/g;

export function blocksOf(markdown: string): FigureBlock[] {
  return [...markdown.matchAll(BLOCK)].map((m) => ({ suite: m[1]!, part: m[2] ?? 'main', inputs: m[3]! }));
}

/** The document with the block of this suite and part replaced (it must already have one: where it goes is the author's choice). */
export function replaceBlock(markdown: string, suite: string, part: string, inputs: string, content: string): string {
  let found = false;
  const next = markdown.replace(BLOCK, (whole, name: string, partName: string | undefined) => {
    if (name !== suite || (partName ?? 'main') !== part) return whole;
    found = true;
    return `<!-- figures ${suite}${part === 'main' ? '' : `:${part}`} inputs=${inputs} -->\n${content.trim()}\n<!-- /figures -->`;
  });
  return found ? next : markdown;
}
