import { Ajv } from 'ajv';
import type { Middleware } from 'openapi-fetch';
import { inject } from 'vitest';
import { createVpoClient, type VpoClient } from '../../client/index.js';
import { formats } from '../../lib/schemas/formats.js';
import document from '../../client/openapi.json' with { type: 'json' };

type Json = Record<string, any>;
const ajv = new Ajv({ allErrors: true, strict: false, formats });
const compiled = new Map<string, ReturnType<Ajv['compile']>>();

/** The operation of the document a request went to: the path template that matches it with the most literal segments. */
function operationOf(method: string, pathname: string): Json | undefined {
  const segments = pathname.split('/');
  let best: { op: Json; literals: number } | undefined;
  for (const [template, methods] of Object.entries(document.paths as Json)) {
    const parts = template.split('/');
    const op = (methods as Json)[method.toLowerCase()] as Json | undefined;
    if (
      !op ||
      parts.length !== segments.length ||
      !parts.every((part, i) => part.startsWith('{') || part === segments[i])
    )
      continue;
    const literals = parts.filter((part) => !part.startsWith('{')).length;
    if (!best || literals > best.literals) best = { op, literals };
  }
  return best?.op;
}

/**
 * What is wrong with an answer, measured against what the document promises for its operation
 * and status: the status is documented, the body matches its schema, and an error's code is one
 * the operation lists. Undefined when it keeps the promise (or no operation of the document matches).
 */
export function driftOf(method: string, pathname: string, status: number, body: unknown): string | undefined {
  const op = operationOf(method, pathname);
  if (!op) return undefined;
  const documented = op.responses[String(status)];
  if (!documented)
    return `${op.operationId} answered ${status}, which its documentation does not list: ${JSON.stringify(body).slice(0, 300)}`;
  const media = documented.content?.['application/json'];
  if (!media) return undefined;
  const key = `${op.operationId} ${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile({ allOf: [media.schema], components: document.components });
    compiled.set(key, validate);
  }
  if (!validate(body))
    return `${key}: the answer does not match the documented schema: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`;
  const code = (body as { code?: string }).code;
  if (status >= 400 && media.examples && !(String(code) in media.examples))
    return `${key}: code ${code} is not among the documented codes ${Object.keys(media.examples).join(', ')}`;
  return undefined;
}

/** Every answer the typed client receives must keep the document's promise; a drift fails the test. */
const checkAgainstDocument: Middleware = {
  async onResponse({ request, response }) {
    const pathname = new URL(request.url).pathname;
    if (!operationOf(request.method, pathname))
      throw new Error(`${request.method} ${request.url}: no such operation in the document`);
    const drift = driftOf(
      request.method,
      pathname,
      response.status,
      await response
        .clone()
        .json()
        .catch(() => undefined),
    );
    if (drift) throw new Error(drift);
    return undefined;
  },
};

/** The typed client against the stack under test, holding one key, checking every answer against the document. */
export function typedClient(apiKey?: string): VpoClient {
  const client = createVpoClient({ baseUrl: inject('baseUrl'), ...(apiKey ? { apiKey } : {}) });
  client.use(checkAgainstDocument);
  return client;
}
