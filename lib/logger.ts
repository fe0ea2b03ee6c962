/** Structured JSON logs, one line per event, carrying the request id of the invocation. */
import { logLevel } from './config.js';
type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

let context: Record<string, unknown> = {};

export function setLogContext(fields: Record<string, unknown>): void {
  context = fields;
}

// Phone numbers in international form (as the service stores them: +, then digits, maybe grouped) and e-mail addresses.
const PHONE = /\+\d[\d\s().-]{6,}\d/g;
const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;

/**
 * Customers' phone numbers and e-mail addresses never reach the logs in full, wherever they
 * appear (a field, an error message, a provider's answer): a phone keeps its first three and last
 * two digits (+971*******67), an e-mail its first letter and domain (j***@example.com). Ids and
 * timestamps are not long runs of digits, so they pass unchanged.
 */
export function maskPersonalData(text: string): string {
  return text
    .replace(PHONE, (match) => {
      const digits = match.replace(/\D/g, '');
      if (digits.length < 8 || digits.length > 15) return match;
      return `+${digits.slice(0, 3)}${'*'.repeat(digits.length - 5)}${digits.slice(-2)}`;
    })
    .replace(EMAIL, (_match, first: string, domain: string) => `${first}***@${domain}`);
}

function write(level: Level, message: string, fields?: Record<string, unknown>): void {
  const threshold = logLevel() as Level;
  if (order[level] < (order[threshold] ?? 20)) return;
  const line = maskPersonalData(
    JSON.stringify({ level, time: new Date().toISOString(), message, ...context, ...fields }),
  );
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
