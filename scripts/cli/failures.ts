/** Failures of a command as one line each, never a stack trace. */
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

export function failureMessage(error: unknown, target: TargetInfo): string {
  if (error instanceof FailedError) return error.message;
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
