import type middy from '@middy/core';
import { createError } from '@middy/util';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { toServiceError } from '../store/errors.js';
import { AppError, validationError, type FieldError } from '../domain/errors.js';
import { describeError, log } from '../logger.js';

interface MiddyHttpError extends Error {
  statusCode?: number;
  cause?: { package?: string; data?: unknown; message?: string };
}

/** Turns whatever was thrown into an AppError; unknown failures become an opaque 500. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const httpError = error as MiddyHttpError;
  const pkg = httpError?.cause?.package;
  if (pkg === '@middy/validator') return validationError((httpError.cause?.data as FieldError[] | undefined) ?? []);
  if (pkg === '@middy/http-json-body-parser') {
    if (httpError.message === 'Unsupported Media Type') {
      return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON with Content-Type: application/json');
    }
    const reason = httpError.cause?.message;
    return new AppError(
      400,
      'INVALID_JSON',
      httpError.cause?.data === undefined ? 'A JSON request body is required' : `The request body is not valid JSON${reason ? `: ${reason}` : ''}`,
    );
  }
  const serviceError = toServiceError(error);
  if (serviceError) {
    log.warn('dependency unavailable', describeError(error));
    return serviceError;
  }
  log.error('unhandled error', describeError(error));
  return new AppError(500, 'INTERNAL_ERROR', 'Internal server error');
}

export function envelopeOf(error: AppError): Record<string, unknown> {
  return {
    success: false,
    error: error.message,
    statusCode: error.statusCode,
    code: error.code,
    ...(error.details === undefined ? {} : { details: error.details }),
  };
}

/**
 * Runs before @middy/http-error-handler in the onError chain: it swaps the thrown error for an
 * exposed HTTP error whose message is the JSON envelope, which the official handler then renders.
 */
export function errorEnvelope(): middy.MiddlewareObj<APIGatewayProxyEvent, unknown, Error> {
  return {
    onError: async (request) => {
      if (request.response !== undefined) return;
      const appError = toAppError(request.error);
      const rendered = createError(appError.statusCode, JSON.stringify(envelopeOf(appError)), { expose: true }) as Error & {
        headers?: Record<string, string>;
      };
      rendered.headers = { 'Content-Type': 'application/json', ...appError.headers };
      request.error = rendered;
      log.info('request refused', { statusCode: appError.statusCode, code: appError.code });
    },
  };
}
