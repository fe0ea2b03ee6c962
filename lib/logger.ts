/** Structured JSON logs, one line per event, carrying the request id of the invocation. */
type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

let context: Record<string, unknown> = {};

export function setLogContext(fields: Record<string, unknown>): void {
  context = fields;
}

function write(level: Level, message: string, fields?: Record<string, unknown>): void {
  const threshold = (process.env.LOG_LEVEL as Level | undefined) ?? 'info';
  if (order[level] < (order[threshold] ?? 20)) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...context, ...fields });
  if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};

export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { errorName: error.name, errorMessage: error.message, stack: error.stack };
  return { error: String(error) };
}
