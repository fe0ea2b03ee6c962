/**
 * A fault is one log line and an S3 XML error, never the end of the process.
 */
import type { Socket } from 'node:net';
import { requests } from './current-request.js';
import { oneLine } from './one-line.js';
import type { Context, S3ErrorClass, S3rverApp } from './s3rver.js';
import { xmlDocument } from './xml.js';

type Log = (line: string) => void;

/** Every error a request ends with (the fork answers it in S3's XML); "not found" is routine. */
export function logRequestErrors(app: S3rverApp, S3Error: S3ErrorClass, log: Log): void {
  app.on('error', (error: Error & { status?: number; code?: string }, ctx: Context) => {
    if (error.status === 404) return;
    const code = error instanceof S3Error ? error.code : 'InternalError';
    log(`${error.status ?? 500} ${code} on ${requestLine(ctx)}: ${oneLine(error)}`);
  });
}

/**
 * The last resort: an exception nothing caught (a stream's 'error' with no listener, say) answers
 * its request 500 InternalError, if there is still one to answer, and the emulator goes on.
 */
export function answerUncaughtExceptions(log: Log): void {
  process.on('uncaughtException', (error) => {
    const ctx = requests.getStore();
    log(`500 InternalError (uncaught) on ${ctx ? requestLine(ctx) : 'no request'}: ${oneLine(error)}`);
    if (!ctx || ctx.res.writableEnded) return;
    if (ctx.res.headersSent) ctx.res.destroy();
    else {
      const body = errorXml('InternalError', 'We encountered an internal error. Please try again.');
      ctx.res
        .writeHead(500, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) })
        .end(body);
    }
  });
}

/** A request Node's HTTP parser refused (Node would answer a bare 400): S3's XML error instead. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket, log: Log): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ['RequestHeaderSectionTooLarge', 'Your request header section exceeds the maximum allowed size.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [
            'RequestTimeout',
            'Your socket connection to the server was not read from or written to within the timeout period.',
          ]
        : ['BadRequest', 'An error occurred when parsing the HTTP request.'];
  log(`400 ${code} on an unparsable request: ${oneLine(error)}`);
  const body = errorXml(code, message);
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nContent-Type: application/xml\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

const requestLine = (ctx: Context) =>
  `${ctx.method} ${ctx.originalUrl.length > 200 ? `${ctx.originalUrl.slice(0, 200)}...` : ctx.originalUrl}`;

const errorXml = (code: string, message: string) => xmlDocument('Error', { Code: code, Message: message });
