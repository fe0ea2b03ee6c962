import { HttpError } from 'react-admin';
import { createVpoClient, type VpoClient } from '../../../client/index.js';
import { session } from '../auth/session.js';
import { type ApiError, fieldErrors } from './error-details.js';
import { languageStore } from '../i18n/language-store.js';
import { problemWords } from '../i18n/problem-words.js';

/** The typed client of client/, on this page's origin (the API is served beside the console), with the session's key. */
export function api(): VpoClient {
  return createVpoClient({ baseUrl: window.location.origin, apiKey: session.key() ?? undefined });
}

/** What the console keeps of a refused call: react-admin's HttpError, whose body.errors its forms put next to their inputs. */
export interface ApiHttpErrorBody {
  apiError: ApiError;
  errors: Record<string, unknown>;
}

function toHttpError(error: ApiError | undefined, status: number): HttpError {
  const apiError: ApiError = error ?? {
    success: false,
    error: `HTTP ${status}`,
    statusCode: status,
    code: status === 0 ? 'OFFLINE' : 'UNKNOWN',
  };
  const { fields, other } = fieldErrors(apiError, problemWords(languageStore.get()));
  const message = other.length ? `${apiError.error} (${other.join('; ')})` : apiError.error;
  const body: ApiHttpErrorBody = { apiError, errors: { ...fields, root: { serverError: message } } };
  return new HttpError(message, apiError.statusCode ?? status, body);
}

export function apiErrorOf(error: unknown): ApiError | undefined {
  if (error instanceof HttpError) return (error.body as ApiHttpErrorBody | undefined)?.apiError;
  return undefined;
}

type Answer<D> = { data?: D; error?: ApiError; response: Response };

/**
 * Await a typed-client call: its `data` answer, or an HttpError with the envelope. A request that
 * never got an answer (offline, server down) is status 0, code OFFLINE.
 */
export async function call<D>(request: Promise<Answer<D>>): Promise<{ body: D; response: Response }> {
  let answer: Answer<D>;
  try {
    answer = await request;
  } catch (cause) {
    throw toHttpError(
      { success: false, error: cause instanceof Error ? cause.message : 'offline', statusCode: 0, code: 'OFFLINE' },
      0,
    );
  }
  if (answer.error !== undefined || answer.data === undefined) throw toHttpError(answer.error, answer.response.status);
  return { body: answer.data, response: answer.response };
}

/** `If-Match` for a version the console read. */
export function ifMatch(version: number): string {
  return `"${version}"`;
}
