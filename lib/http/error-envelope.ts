import type middy from '@middy/core';
import { createError } from '@middy/util';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { AppError, validationError, type ErrorCode, type FieldError } from '../domain/errors.js';
import { describeError, log } from '../logger.js';
import { toServiceError } from '../store/errors.js';
import type { CompiledRoute } from '../schemas/route.js';
import { locateField } from './field-location.js';
import { STATUS_OF } from '../schemas/error-statuses.js';

interface MiddyHttpError extends Error {
  statusCode?: number;
  cause?: { package?: string; data?: unknown; message?: string };
}

/** Turns whatever was thrown into an AppError; unknown failures become an opaque INTERNAL_ERROR. */
function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const httpError = error as MiddyHttpError;
  const pkg = httpError?.cause?.package;
  if (pkg === '@middy/validator') return validationError((httpError.cause?.data as FieldError[] | undefined) ?? []);
  if (pkg === '@middy/http-json-body-parser') {
    if (httpError.message === 'Unsupported Media Type') {
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON with Content-Type: application/json');
    }
    const reason = httpError.cause?.message;
    return new AppError(
      'INVALID_JSON',
      httpError.cause?.data === undefined
        ? 'A JSON request body is required'
        : `The request body is not valid JSON${reason ? `: ${reason}` : ''}`,
    );
  }
  const serviceError = toServiceError(error);
  if (serviceError) {
    log.warn('dependency refused or unavailable', describeError(error));
    return serviceError;
  }
  log.error('unhandled error', describeError(error));
  return new AppError('INTERNAL_ERROR', 'Internal server error');
}

/**
 * `details` has one shape on every code: a list of problems, each with a plain `message`, the
 * `field` it concerns when there is one, and the facts a client can act on (currentVersion,
 * balance, missingRequirements...). Left out when the message says it all (as in docs/api.md's
 * 401/403/429 bodies).
 */
function detailsOf(error: AppError, route: CompiledRoute): Array<Record<string, unknown>> {
  const details: Array<Record<string, unknown>> = Array.isArray(error.details)
    ? error.details
    : typeof error.details === 'object' && error.details !== null
      ? [{ message: error.message, ...(error.details as Record<string, unknown>) }]
      : [];
  return details.map((detail) =>
    typeof detail.field === 'string' ? { ...detail, field: locateField(detail.field, route) } : detail,
  );
}

function envelopeOf(error: AppError, route: CompiledRoute): Record<string, unknown> {
  const details = detailsOf(error, route);
  return {
    success: false,
    error: error.message,
    statusCode: STATUS_OF[error.code],
    code: error.code,
    ...(details.length > 0 ? { details } : {}),
  };
}

function headersOf(error: AppError): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    ...(error.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(error.retryAfterSeconds) }),
  };
}

/** The error as @middy/http-error-handler renders it; `code` goes on to the request's log line and metrics. */
export type RenderedError = Error & { headers: Record<string, string>; code: ErrorCode };

/**
 * Runs before @middy/http-error-handler in the onError chain: it swaps the thrown error for an
 * exposed HTTP error whose message is the JSON envelope, which the official handler then renders.
 * Fields the use cases name by their input's names are placed in the request here (locateField).
 */
export function errorEnvelope(route: CompiledRoute): middy.MiddlewareObj<APIGatewayProxyEvent, unknown, Error> {
  return {
    onError: async (request) => {
      if (request.response !== undefined) return;
      const appError = toAppError(request.error);
      const statusCode = STATUS_OF[appError.code];
      const rendered: RenderedError = Object.assign(
        createError(statusCode, JSON.stringify(envelopeOf(appError, route)), { expose: true }),
        {
          headers: headersOf(appError),
          code: appError.code,
        },
      );
      request.error = rendered;
      log.info('request refused', { statusCode, code: appError.code });
    },
  };
}
