import { envNumber, whatsappSettings } from '../config.js';
import { ChannelError, checkMessage, type ChannelErrorCode, type ChatChannel, type ChatMessage } from './message.js';

/**
 * WhatsApp Business Cloud API transport: one POST to /<version>/<phone number id>/messages per
 * message, Meta's errors mapped to ChannelError codes, and transient failures retried.
 *
 * Every option falls back to an environment variable, read on each send so that a missing token
 * fails the send (AUTH_FAILED) rather than the container's start:
 *   WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID (required),
 *   WHATSAPP_API_BASE_URL (https://graph.facebook.com), WHATSAPP_API_VERSION (v21.0),
 *   WHATSAPP_MAX_ATTEMPTS (3), WHATSAPP_RETRY_BASE_DELAY_MS (200), WHATSAPP_RETRY_MAX_DELAY_MS (2000),
 *   WHATSAPP_TIMEOUT_MS (5000, per request).
 */
export interface WhatsAppOptions {
  accessToken?: string;
  phoneNumberId?: string;
  baseUrl?: string;
  apiVersion?: string;
  /** Requests per message, the first one included. */
  maxAttempts?: number;
  /** Back-off before the n-th retry is about baseDelayMs * 2^(n-1), with jitter. */
  baseDelayMs?: number;
  /** Upper bound of any wait between attempts, Retry-After included, so a send cannot outlive its Lambda. */
  maxDelayMs?: number;
  /** Per request; an unanswered request counts as UNAVAILABLE and is retried. */
  timeoutMs?: number;
  /** Injected by tests so retries do not really wait. */
  sleep?: (ms: number) => Promise<void>;
  /** Injected by tests for a predictable jitter; returns [0, 1). */
  random?: () => number;
}

interface Config {
  url: string;
  accessToken: string;
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  timeoutMs: number;
}

const DEFAULT_BASE_URL = 'https://graph.facebook.com';
const DEFAULT_API_VERSION = 'v21.0';

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createWhatsAppChannel(options: WhatsAppOptions = {}): ChatChannel {
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  return {
    async send(message) {
      const config = resolveConfig(options);
      const body = JSON.stringify(requestBody(checkMessage(message)));
      for (let attempt = 1; ; attempt += 1) {
        const outcome = await post(config, body);
        if ('messageId' in outcome) return { messageId: outcome.messageId };
        if (!outcome.retryable || attempt >= config.maxAttempts) throw toError(outcome, attempt);
        await sleep(backoff(config, attempt, outcome.retryAfterMs, random));
      }
    },
  };
}

function resolveConfig(options: WhatsAppOptions): Config {
  const settings = whatsappSettings();
  const accessToken = options.accessToken || settings.accessToken;
  const phoneNumberId = options.phoneNumberId || settings.phoneNumberId;
  if (!accessToken || !phoneNumberId) {
    const missing = [
      accessToken ? undefined : 'WHATSAPP_ACCESS_TOKEN',
      phoneNumberId ? undefined : 'WHATSAPP_PHONE_NUMBER_ID',
    ].filter(Boolean);
    throw new ChannelError('AUTH_FAILED', `The WhatsApp channel is not configured: set ${missing.join(' and ')}`, {
      retryable: false,
      attempts: 0,
    });
  }
  const baseUrl = (options.baseUrl || settings.baseUrl || DEFAULT_BASE_URL).replace(/\/+$/, '');
  const version = options.apiVersion || settings.apiVersion || DEFAULT_API_VERSION;
  return {
    url: `${baseUrl}/${version}/${encodeURIComponent(phoneNumberId)}/messages`,
    accessToken,
    maxAttempts: Math.max(1, Math.floor(options.maxAttempts ?? envNumber('WHATSAPP_MAX_ATTEMPTS', 3))),
    baseDelayMs: Math.max(0, options.baseDelayMs ?? envNumber('WHATSAPP_RETRY_BASE_DELAY_MS', 200)),
    maxDelayMs: Math.max(0, options.maxDelayMs ?? envNumber('WHATSAPP_RETRY_MAX_DELAY_MS', 2000)),
    timeoutMs: Math.max(1, options.timeoutMs ?? envNumber('WHATSAPP_TIMEOUT_MS', 5000)),
  };
}

/**
 * The request body as Meta documents it. A template without parameters is sent without
 * `components`: Meta refuses a body component whose parameter list is empty.
 */
function requestBody(message: ChatMessage): Record<string, unknown> {
  const envelope = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.to.replace(/^\+/, ''),
    ...(message.callbackData ? { biz_opaque_callback_data: message.callbackData } : {}),
  };
  if ('text' in message) return { ...envelope, type: 'text', text: { preview_url: true, body: message.text } };
  const { name, language, parameters } = message.template;
  const components =
    parameters.length === 0
      ? undefined
      : [{ type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) }];
  return {
    ...envelope,
    type: 'template',
    template: { name, language: { code: language }, ...(components ? { components } : {}) },
  };
}

// ---------------------------------------------------------------------------------------------
// One attempt
// ---------------------------------------------------------------------------------------------

interface Failure {
  code: ChannelErrorCode;
  message: string;
  retryable: boolean;
  providerCode?: number;
  httpStatus?: number;
  retryAfterMs?: number;
  cause?: unknown;
}

async function post(config: Config, body: string): Promise<{ messageId: string } | Failure> {
  const controller = new AbortController();
  // The timer covers reading the body too: a provider that sends headers and then stalls is as unavailable as one that never answers.
  const timer = setTimeout(() => controller.abort(), config.timeoutMs);
  try {
    const response = await fetch(config.url, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${config.accessToken}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body,
      signal: controller.signal,
    });
    const text = await response.text();
    return interpret(response.status, response.headers.get('retry-after'), text);
  } catch (error) {
    const message = controller.signal.aborted
      ? `WhatsApp did not answer within ${config.timeoutMs} ms`
      : `WhatsApp could not be reached: ${error instanceof Error ? error.message : String(error)}`;
    return { code: 'UNAVAILABLE', message, retryable: true, cause: error };
  } finally {
    clearTimeout(timer);
  }
}

/** Meta's error object (Graph API), of which only these fields are relied on. */
interface GraphError {
  message?: string;
  code?: number;
  error_subcode?: number;
  fbtrace_id?: string;
  error_data?: { details?: string };
}

function interpret(status: number, retryAfter: string | null, text: string): { messageId: string } | Failure {
  const body = parseJson(text);
  if (status >= 200 && status < 300) {
    const id = messageIdOf(body);
    if (id !== undefined) return { messageId: id };
    // Meta said yes but not with what: the message has probably gone out, so a retry would likely
    // send it twice. UNAVAILABLE (the channel misbehaved), but not retryable.
    return {
      code: 'UNAVAILABLE',
      message: `WhatsApp answered ${status} without a message id; not retried, the message may have been sent`,
      retryable: false,
      httpStatus: status,
    };
  }
  // A body that is not Meta's error (a proxy's HTML page, garbage) leaves the HTTP status to decide.
  const error = graphErrorOf(body);
  const code = classify(status, error);
  const described = error?.message ? `: ${error.message}` : '';
  const trace = error?.fbtrace_id ? ` (fbtrace_id ${error.fbtrace_id})` : '';
  return {
    code,
    message: `WhatsApp refused the message with HTTP ${status}${codeText(error)}${described}${trace}`,
    retryable: code === 'RATE_LIMITED' || code === 'UNAVAILABLE',
    providerCode: error?.code,
    httpStatus: status,
    retryAfterMs: retryAfterMs(retryAfter),
  };
}

const AUTH_CODES = new Set([190]);
/** 4 app, 80007 account, 130429 throughput, 131048 spam, 131056 same-recipient pair rate limits. */
const RATE_LIMIT_CODES = new Set([4, 80007, 130429, 131048, 131056]);
/** 1 and 2 Graph's "unknown"/"service" errors, 131000 "something went wrong", 133004 server temporarily unavailable. */
const UNAVAILABLE_CODES = new Set([1, 2, 131000, 133004]);
/** 131026 undeliverable (not on WhatsApp, old app, …), 131030 not in the test number's allowed list. */
const RECIPIENT_CODES = new Set([131026, 131030]);
/** Code 100 (invalid parameter) is a recipient problem only when it names the recipient. */
const RECIPIENT_WORDS = /recipient|phone.?number|\bwa_id\b|['"]to['"]/i;

/** Meta's code is more specific than the HTTP status, so it decides first. */
function classify(status: number, error: GraphError | undefined): ChannelErrorCode {
  const code = error?.code;
  if (status === 401 || (code !== undefined && AUTH_CODES.has(code))) return 'AUTH_FAILED';
  if (status === 429 || (code !== undefined && RATE_LIMIT_CODES.has(code))) return 'RATE_LIMITED';
  if (code !== undefined && RECIPIENT_CODES.has(code)) return 'RECIPIENT_INVALID';
  if (code === 100 && RECIPIENT_WORDS.test(`${error?.message ?? ''} ${error?.error_data?.details ?? ''}`))
    return 'RECIPIENT_INVALID';
  if (status >= 500 || (code !== undefined && UNAVAILABLE_CODES.has(code))) return 'UNAVAILABLE';
  return 'REJECTED';
}

/** ", code 190/463": Meta's code and, when given, its subcode, which pinpoints e.g. why a token is invalid. */
function codeText(error: GraphError | undefined): string {
  if (error?.code === undefined) return '';
  return `, code ${error.code}${error.error_subcode === undefined ? '' : `/${error.error_subcode}`}`;
}

function toError(failure: Failure, attempts: number): ChannelError {
  const tried = attempts > 1 ? ` (after ${attempts} attempts)` : '';
  return new ChannelError(failure.code, `${failure.message}${tried}`, {
    retryable: failure.retryable,
    providerCode: failure.providerCode,
    httpStatus: failure.httpStatus,
    attempts,
    cause: failure.cause,
  });
}

// ---------------------------------------------------------------------------------------------
// Waiting between attempts
// ---------------------------------------------------------------------------------------------

/** Exponential back-off with jitter (half fixed, half random) so parallel senders spread out; Retry-After wins when longer. */
function backoff(config: Config, attempt: number, retryAfter: number | undefined, random: () => number): number {
  const exponential = config.baseDelayMs * 2 ** (attempt - 1);
  const jittered = exponential / 2 + (random() * exponential) / 2;
  return Math.round(Math.min(config.maxDelayMs, Math.max(jittered, retryAfter ?? 0)));
}

/** Retry-After in seconds (the form Meta and proxies use); an HTTP date or garbage is ignored. */
function retryAfterMs(header: string | null): number | undefined {
  if (header === null || !/^\s*\d+\s*$/.test(header)) return undefined;
  return Number(header) * 1000;
}

// ---------------------------------------------------------------------------------------------
// Reading answers without trusting their shape
// ---------------------------------------------------------------------------------------------

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function messageIdOf(body: unknown): string | undefined {
  if (!isObject(body) || !Array.isArray(body.messages)) return undefined;
  const first: unknown = body.messages[0];
  return isObject(first) && typeof first.id === 'string' && first.id !== '' ? first.id : undefined;
}

function graphErrorOf(body: unknown): GraphError | undefined {
  if (!isObject(body) || !isObject(body.error)) return undefined;
  const { message, code, error_subcode, fbtrace_id, error_data } = body.error;
  return {
    message: typeof message === 'string' ? message : undefined,
    code: typeof code === 'number' ? code : undefined,
    error_subcode: typeof error_subcode === 'number' ? error_subcode : undefined,
    fbtrace_id: typeof fbtrace_id === 'string' ? fbtrace_id : undefined,
    error_data:
      isObject(error_data) && typeof error_data.details === 'string' ? { details: error_data.details } : undefined,
  };
}
