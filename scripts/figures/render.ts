/** The markdown of each figure block, from a suite's record in .bench/<suite>.json (written by scripts/bench.ts). */
export interface BenchRecord {
  suite: string;
  finishedAt: string;
  ok: boolean;
  inputs: string | null;
  argv: string[];
  text: string;
  machine: { node: string; cpu: string; cpus: number; commit: string | null };
  results: unknown;
}

interface StartRun {
  firstAnswerMs: number;
  readyMs: number;
  stopMs: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function measuredOn(record: BenchRecord): string {
  const flags = record.argv.filter(
    (arg, i, all) => arg !== '--only' && all[i - 1] !== '--only' && !arg.startsWith('--only='),
  );
  const command = `npm run docs:figures -- --only ${record.suite}${flags.length ? ` ${flags.join(' ')}` : ''}`;
  return `Measured ${record.finishedAt.slice(0, 10)} on ${record.machine.cpus} cores (${record.machine.cpu}), Node ${record.machine.node}, by \`${command}\`.`;
}

export function renderFigures(suite: string, record: BenchRecord): Record<string, string> {
  const parts: Record<string, string> = { main: `${measuredOn(record)}\n\n\`\`\`text\n${record.text.trim()}\n\`\`\`` };
  if (suite === 'local-start') {
    const { fresh, restart } = record.results as { fresh: StartRun; restart: StartRun };
    parts.summary =
      `Measured ${record.finishedAt.slice(0, 10)} on a ${record.machine.cpus}-core machine (\`npm run docs:figures -- --only local-start\`): ` +
      `from a clean clone, the first start answers in ${seconds(fresh.firstAnswerMs)} and prints its keys at ${seconds(fresh.readyMs)} ` +
      `(it compiles the contracts and bundles the functions first); a restart answers in ${seconds(restart.firstAnswerMs)}. ` +
      `SIGTERM stops everything in ${seconds(Math.max(fresh.stopMs, restart.stopMs))} at most.`;
  }
  return parts;
}
