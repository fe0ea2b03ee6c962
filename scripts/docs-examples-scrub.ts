/**
 * Turns the answers of a walk of the local stack (scripts/docs-examples.ts) into the examples the
 * reference shows: one per operation and status, with what changes from run to run replaced by
 * stable values of the same shape, so the file changes only when an answer's shape or content does.
 *
 * - ids (CUIDs) become other CUID-shaped ids, numbered by first appearance; the same id is the
 *   same everywhere (an order's id in its billing entries, in URLs, in a wallet id);
 * - API keys, webhook secrets, event ids, message ids, request ids, cursors and signatures become
 *   fixed strings of the same form;
 * - times move to a fixed week: each call of the walk is a step of 30 seconds from Monday
 *   2026-11-16 09:00 UTC, so the order of events and the gaps between days stay as they were;
 * - addresses of this machine (the stack's ports, the test receiver) become the ones a reader
 *   would see (http://localhost:3000, a tenant's ERP, the bucket's S3 host);
 * - lists are cut to their first three items.
 */
import { createHash } from 'node:crypto';
import { allRoutes } from '../lib/schemas/index.js';

export interface RecordedCall {
  id: string;
  status: number;
  body: unknown;
  note?: string;
  keep: boolean;
  /** When the call was made (ms since the epoch). */
  at: number;
}

export interface ResponseExample {
  /** What the call shows. */
  note?: string;
  value: unknown;
}

export interface ResponseExamples {
  generatedBy: string;
  /** operationId -> HTTP status -> the answer. */
  examples: Record<string, Record<string, ResponseExample>>;
  /** Event type -> a webhook body of that type, as the feed and the receiver got it. */
  events: Record<string, unknown>;
}

/** One event of each type, as the walk read it (from the feed, or as its receiver got it). */
export interface RecordedEvent {
  type: string;
  body: unknown;
  at: number;
}

const BASE = Date.parse('2026-11-16T09:00:00.000Z');
const STEP_MS = 30_000;
const DAY_MS = 86_400_000;
const MAX_ITEMS = 3;

const hashOf = (text: string) => createHash('sha256').update(`vpo-docs-examples:${text}`).digest();
const base36 = (text: string, length: number) => {
  let out = BigInt(`0x${hashOf(text).toString('hex')}`).toString(36);
  while (out.length < length) out += BigInt(`0x${hashOf(`${text}+${out.length}`).toString('hex')}`).toString(36);
  return out.slice(0, length);
};
const hexOf = (text: string, length: number) => {
  let out = '';
  for (let i = 0; out.length < length; i++) out += hashOf(`${text}#${i}`).toString('hex');
  return out.slice(0, length);
};
const base64urlOf = (text: string, length: number) => {
  let out = '';
  for (let i = 0; out.length < length; i++) out += hashOf(`${text}#${i}`).toString('base64url');
  return out.slice(0, length);
};

/** A CUID2-shaped id (a lower-case letter, then 23 of base 36), the n-th of the examples. */
const cuidOf = (n: number) => {
  const body = base36(`id:${n}`, 24);
  return `${String.fromCharCode(97 + (body.charCodeAt(0) % 26))}${body.slice(1)}`;
};

const CUID = /^[a-z][a-z0-9]{23}$/;
const isJson = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function shorten(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map(shorten);
  if (isJson(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shorten(v)]));
  return value;
}

/** The ids of records in an answer, in order of appearance: values of `id` and `...Id` fields that are CUIDs (not the demo data's fixed ids). */
function collectIds(value: unknown, into: string[], key = ''): void {
  if (Array.isArray(value)) for (const item of value) collectIds(item, into, key);
  else if (isJson(value)) for (const [k, v] of Object.entries(value)) collectIds(v, into, k);
  else if (
    typeof value === 'string' &&
    /(^id$|Id$|Ids$)/.test(key) &&
    CUID.test(value) &&
    !value.startsWith('demo') &&
    /\d/.test(value) &&
    !into.includes(value)
  )
    into.push(value);
}

/** Values of these fields are opaque and change from run to run. */
const OPAQUE_FIELDS: Record<string, (n: number, old: string) => string> = {
  nextCursor: (n, old) => base64urlOf(`cursor:${n}`, old.length),
  cursor: (n, old) => base64urlOf(`cursor:${n}`, old.length),
  requestId: (n, old) =>
    hexOf(`request:${n}`, old.length).replace(
      /^(.{8})(.{4})(.{4})(.{4})(.{12}).*$/,
      old.includes('-') ? '$1-$2-$3-$4-$5' : '$&',
    ),
  hash: (n, old) => hexOf(`hash:${n}`, old.length),
};

function collectOpaque(value: unknown, into: Map<string, string>, key = ''): void {
  if (Array.isArray(value)) for (const item of value) collectOpaque(item, into, key);
  else if (isJson(value)) for (const [k, v] of Object.entries(value)) collectOpaque(v, into, k);
  else if (typeof value === 'string' && OPAQUE_FIELDS[key] && value.length > 0 && !into.has(value))
    into.set(value, OPAQUE_FIELDS[key]!(into.size, value));
}

/** Tokens recognised by their form wherever they are, each replaced by a stable one of the same form. */
const TOKENS: Array<{ pattern: RegExp; make: (n: number, old: string) => string }> = [
  // An API key is vpo_ and 40 base64url characters (lib/store/api-keys.ts); a WhatsApp template's name
  // (vpo_order_created_link) shares the prefix and stays as it is.
  {
    pattern: /vpo_[A-Za-z0-9_-]{40}(?![A-Za-z0-9_-])/g,
    make: (n, old) => `vpo_${base64urlOf(`key:${n}`, old.length - 4)}`,
  },
  {
    pattern: /whsec_[A-Za-z0-9+/=]{16,}/g,
    make: (n, old) =>
      `whsec_${Buffer.from(hexOf(`secret:${n}`, 64), 'hex')
        .toString('base64')
        .slice(0, old.length - 6)}`,
  },
  { pattern: /\/track\/[A-Za-z0-9_-]{32}/g, make: (n) => `/track/${base64urlOf(`tracking:${n}`, 32)}` },
  { pattern: /evt_[a-z0-9]{10,}/g, make: (n, old) => `evt_${base36(`event:${n}`, old.length - 4)}` },
  {
    pattern: /wamid\.[A-Za-z0-9._-]{8,}/g,
    make: (n) => `wamid.HBgMOTcxNTAxMjM0NTY3FQIAERgS${base36(`wamid:${n}`, 18).toUpperCase()}AA==`,
  },
  { pattern: /local\.[A-Za-z0-9._-]{8,}/g, make: (n, old) => `local.${base36(`message:${n}`, old.length - 6)}` },
  { pattern: /X-Amz-Signature=[0-9a-f]{64}/g, make: (n) => `X-Amz-Signature=${hexOf(`signature:${n}`, 64)}` },
  {
    pattern: /X-Amz-Credential=[^&"]+/g,
    make: () => 'X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20261116%2Feu-west-1%2Fs3%2Faws4_request',
  },
];

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Times of the walk onto the fixed week. A time during the walk belongs to the step (call) that
 * was running: step s starts at BASE + s x 30 s, and the times within one step follow each other
 * a second apart; times before the walk (the demo data's seeding) fall on the day before. A time
 * an answer computed from its own moment (a download link valid 15 minutes, a retry, a grace
 * period) keeps its distance from the mapped moment of that call, to the minute. Times far from
 * the walk (exchange-rate pegs) and the fixed times the walk sent stay as they are.
 */
function timeMapper(
  walk: { steps: number[]; startedAt: number; endedAt: number; fixedTimes: string[] },
  times: number[],
): (ms: number, callAt: number) => number {
  const { steps, startedAt, endedAt } = walk;
  const fixed = new Set(walk.fixedTimes.map((t) => Date.parse(t)));
  const during = (ms: number) => ms >= startedAt - 30 * 60_000 && ms <= endedAt + 60_000;
  const stepOf = (ms: number) => {
    let s = -1;
    for (let i = 0; i < steps.length && steps[i]! <= ms; i++) s = i;
    return s;
  };
  const byStep = new Map<number, number[]>();
  for (const ms of [...new Set(times)].filter(during).sort((a, b) => a - b)) {
    const s = stepOf(ms);
    byStep.set(s, [...(byStep.get(s) ?? []), ms]);
  }
  const onSteps = (ms: number) => {
    const s = stepOf(ms);
    const rank = Math.max(0, Math.min(byStep.get(s)?.indexOf(ms) ?? 0, 29));
    const millis = (Math.abs(s) * 137 + rank * 53) % 1000;
    return s < 0 ? BASE - DAY_MS + rank * 60_000 + millis : BASE + s * STEP_MS + rank * 1000 + millis;
  };
  return (ms, callAt) => {
    if (fixed.has(ms)) return ms;
    if (during(ms)) return onSteps(ms);
    if (ms >= startedAt - 60 * DAY_MS && ms <= startedAt + 400 * DAY_MS) {
      const from = Math.floor(onSteps(callAt) / 60_000) * 60_000;
      return from + Math.floor((ms - callAt) / 60_000) * 60_000;
    }
    return ms;
  };
}

const ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z/g;

function mapTimes(value: unknown, map: (ms: number) => number): unknown {
  if (Array.isArray(value)) return value.map((item) => mapTimes(item, map));
  if (isJson(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapTimes(v, map)]));
  if (typeof value === 'string') return value.replace(ISO, (old) => iso(map(Date.parse(old))));
  return value;
}

export function scrubExamples(
  calls: RecordedCall[],
  recordedEvents: RecordedEvent[],
  walk: {
    startedAt: number;
    endedAt: number;
    steps: number[];
    replacements: Record<string, string>;
    fixedTimes: string[];
  },
): ResponseExamples {
  // One answer per operation and status: the first, or a later one the walk marked to keep.
  const chosen = new Map<string, RecordedCall>();
  for (const call of calls) {
    const key = `${call.id} ${call.status}`;
    if (!chosen.has(key) || call.keep) chosen.set(key, call);
  }
  const examples: Record<string, Record<string, ResponseExample & { at: number }>> = {};
  for (const route of allRoutes) {
    const statuses = [...chosen.values()].filter((c) => c.id === route.id).sort((a, b) => a.status - b.status);
    if (statuses.length === 0) continue;
    examples[route.id] = Object.fromEntries(
      statuses.map((c) => [
        String(c.status),
        { ...(c.note ? { note: c.note } : {}), value: shorten(c.body), at: c.at },
      ]),
    );
  }

  const events = Object.fromEntries(recordedEvents.map((e) => [e.type, { value: shorten(e.body), at: e.at }]));

  let text = JSON.stringify({ examples, events });
  for (const [from, to] of Object.entries(walk.replacements)) text = text.split(from).join(to);

  const ids: string[] = [];
  collectIds(JSON.parse(text), ids);
  ids.forEach((id, n) => {
    text = text.split(id).join(cuidOf(n));
  });

  const opaque = new Map<string, string>();
  collectOpaque(JSON.parse(text), opaque);
  for (const [from, to] of opaque) text = text.split(JSON.stringify(from)).join(JSON.stringify(to));

  const replaced = new Map<string, string>();
  for (const { pattern, make } of TOKENS) {
    const seen = new Map<string, string>();
    text = text.replace(pattern, (old) => {
      if (!seen.has(old)) seen.set(old, make(seen.size, old));
      replaced.set(old, seen.get(old)!);
      return seen.get(old)!;
    });
  }
  // The shown beginning of a key or secret: that of its replacement when the whole one was seen, else a stable one.
  let prefixes = 0;
  text = text.replace(/"(prefix|secretPrefix)":"((?:vpo|whsec)_[^"]+)"/g, (_whole, field: string, old: string) => {
    const full = [...replaced].find(([from]) => from.startsWith(old));
    const kind = old.slice(0, old.indexOf('_') + 1);
    const made = full
      ? full[1].slice(0, old.length)
      : `${kind}${base64urlOf(`prefix:${prefixes++}`, old.length - kind.length)}`;
    return `"${field}":"${made}"`;
  });

  type Timed = { value: unknown; at?: number };
  const parsed = JSON.parse(text) as {
    examples: Record<string, Record<string, ResponseExample & { at?: number }>>;
    events: Record<string, Timed>;
  };
  const times = [...text.matchAll(ISO)].map((m) => Date.parse(m[0]));
  const mapTime = timeMapper(walk, times);
  for (const example of [
    ...Object.values(parsed.examples).flatMap((byStatus) => Object.values(byStatus)),
    ...Object.values(parsed.events),
  ] as Timed[]) {
    const at = example.at!;
    delete example.at;
    example.value = mapTimes(example.value, (ms) => mapTime(ms, at));
  }
  text = JSON.stringify({
    examples: parsed.examples,
    events: Object.fromEntries(Object.entries(parsed.events).map(([type, e]) => [type, e.value])),
  });
  // Days (YYYY-MM-DD as whole values) move by whole days; the compact time of a presigned URL with its day.
  const startDay = Date.parse(`${iso(walk.startedAt).slice(0, 10)}T00:00:00.000Z`);
  const dayShift = Date.parse('2026-11-16T00:00:00.000Z') - startDay;
  text = text.replace(/"(\d{4}-\d{2}-\d{2})"/g, (whole, day: string) => {
    const ms = Date.parse(`${day}T00:00:00.000Z`);
    return ms >= startDay - 60 * DAY_MS && ms <= startDay + 400 * DAY_MS
      ? `"${iso(ms + dayShift).slice(0, 10)}"`
      : whole;
  });
  text = text.replace(/X-Amz-Date=\d{8}T\d{6}Z/g, 'X-Amz-Date=20261116T093000Z');

  const done = JSON.parse(text) as Pick<ResponseExamples, 'examples' | 'events'>;
  return {
    generatedBy: 'npm run docs:examples (scripts/docs-examples.ts): a walk of the local stack; do not edit by hand',
    ...done,
  };
}
