/** Failures of a command as one line each, never a stack trace. */
import { AppError, type FieldError } from '../../lib/domain/errors.js';
import { FailedError } from './args.js';
import { oneLine } from './output.js';
import type { TargetInfo } from './target.js';

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);
const CREDENTIAL_ERRORS = new Set([
  'CredentialsProviderError',
  'UnrecognizedClientException',
  'InvalidSignatureException',
  'ExpiredTokenException',
  'ExpiredToken',
  'AccessDeniedException',
]);

function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: string }).code;
  if (error.name === 'TimeoutError' || (code !== undefined && NETWORK_CODES.has(code))) return true;
  // Node reports a refused connection to a name with several addresses as an AggregateError.
  return error instanceof AggregateError && error.errors.some(isUnreachable);
}

/** The CLI flag behind a field a use case names (mobileNumber is --mobile). */
const FLAG_OF_FIELD: Record<string, string> = {
  id: '<id>',
  name: '--name',
  role: '--role',
  mobileNumber: '--mobile',
  email: '--email',
  language: '--language',
  active: '--active',
  tenantId: '--tenant',
  userId: '--user-id',
  allowedRoutes: '--routes',
  rateLimit: '--rps/--burst/--quota-per-day',
  expiresAt: '--expires-at',
  graceSeconds: '--grace-hours',
};

const isFieldError = (detail: unknown): detail is FieldError =>
  typeof detail === 'object' &&
  detail !== null &&
  typeof (detail as FieldError).field === 'string' &&
  typeof (detail as FieldError).message === 'string';

/** The flag that set a field, when there is one (use cases name their input's fields, e.g. mobileNumber). */
function fieldLabel(field: string): string {
  return FLAG_OF_FIELD[field] ?? field;
}

/**
 * A use case's refusal (VALIDATION_ERROR, DUPLICATE, NOT_FOUND, ...): its message, then each
 * field it names with the flag that set it, e.g.
 * "Request validation failed: --mobile must be a phone number with its country code, ...".
 */
function appErrorMessage(error: AppError): string {
  const details = Array.isArray(error.details) ? error.details.filter(isFieldError) : [];
  const parts = details.map((d) =>
    d.message === error.message ? fieldLabel(d.field) : `${fieldLabel(d.field)} ${d.message}`,
  );
  return oneLine(parts.length > 0 ? `${error.message}: ${parts.join('; ')}` : error.message);
}

export function failureMessage(error: unknown, target: TargetInfo): string {
  if (error instanceof FailedError) return error.message;
  if (error instanceof AppError) return appErrorMessage(error);
  if (isUnreachable(error)) return target.unreachable;
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? oneLine(error.message) : String(error);
  if (name === 'ResourceNotFoundException') {
    const hint = target.target.kind === 'local' ? ' (`npm start` creates it)' : ' (deploy the stage first)';
    return `The table was not found in ${target.description}${hint}`;
  }
  if (CREDENTIAL_ERRORS.has(name)) return `AWS refused the credentials or permissions (${name}): ${message}`;
  return `${name}: ${message}`;
}
