/**
 * What `npm start` shows of serverless-offline's and the functions' output. By default: one
 * compact line per request, warnings and errors, the outbox runner's summaries; serverless-offline's
 * banners, route tables and per-invocation lines are left out. `verbose` shows everything as it came.
 */
const NOISE = [
  /^Function names exposed for local invocation/,
  /^\s*\* [A-Za-z]+: vehicle-purchase-orders-/,
  /^[│┌└─\s|]+/,
  /^Authorizers are turned off/,
  /^Key with token:/,
  /^Offline \[http for lambda\] listening/,
  /^Server ready:/,
  /^Starting Offline at stage/,
  /^Scheduling \[/,
  /^Warning: No external modules needed/,
  /^(GET|POST|PATCH|PUT|DELETE|OPTIONS|ANY) \/.* \(λ: /,
  /^\(λ: [A-Za-z]+\) RequestId: /,
  /^Enter "rp" to replay/,
  /^Successfully invoked scheduled function/,
];

function compact(entry: Record<string, unknown>): string | undefined {
  if (entry.message === 'request completed') {
    const code = typeof entry.code === 'string' ? ` ${entry.code}` : '';
    const id = typeof entry.requestId === 'string' ? `  ${entry.requestId.slice(0, 8)}` : '';
    return `${String(entry.route)} -> ${String(entry.statusCode)}${code} ${String(entry.durationMs)} ms${id}\n`;
  }
  if (entry.level === 'warn' || entry.level === 'error') {
    const { level, message, time: _time, ...rest } = entry;
    return `${String(level)}: ${String(message)} ${JSON.stringify(rest)}\n`;
  }
  return undefined;
}

export function presentOutput(text: string, verbose: boolean): string {
  if (verbose) return text;
  const shown: string[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    if (trimmed.startsWith('{') && trimmed.endsWith('}')) {
      try {
        const summary = compact(JSON.parse(trimmed) as Record<string, unknown>);
        if (summary) shown.push(summary);
        continue;
      } catch {
        /* not JSON after all: judged below */
      }
    }
    if (NOISE.some((pattern) => pattern.test(trimmed))) continue;
    shown.push(`${line}\n`);
  }
  return shown.join('');
}
