// Preloaded into serverless-offline (`node --require`) on the local stack. Some requests never
// reach a function: a path that is not valid percent-encoded UTF-8 (`/api/v1/%C0%AE`), a request
// line or headers beyond Node's 16 KB, a failure inside serverless-offline. hapi, which serves
// serverless-offline, answers those itself, in its own JSON or with no body at all. This gives
// them the service's error envelope, as serverless.yml's gateway responses do in AWS. And like API
// Gateway, hapi here leaves conditional requests (If-None-Match) to the function, and passes a
// dot segment (`/customers/%2e%2e`) to the route instead of resolving it.
const CODES = {
  400: ['VALIDATION_ERROR', 'The request path or query is not valid: percent-encode it as UTF-8 (e.g. %C3%A9 for é)'],
  404: ['ROUTE_NOT_FOUND', 'No such route: GET /api/v1 lists every route, and /api/v1/docs describes them'],
  413: ['PAYLOAD_TOO_LARGE', 'The request body is too large'],
  415: ['UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON in UTF-8 with Content-Type: application/json'],
  431: [
    'VALIDATION_ERROR',
    'The request line and headers are too large (at most 16 KB together): shorten the path or query',
  ],
};

function envelope(statusCode) {
  const [code, error] =
    CODES[statusCode] ??
    (statusCode >= 500
      ? ['SERVICE_UNAVAILABLE', 'The service is temporarily unavailable, retry later']
      : ['VALIDATION_ERROR', 'The request was refused: see the API reference at /api/v1/docs']);
  return { success: false, error, statusCode, code };
}

/** Answers on the socket itself: Node's parser gave up before there was a request. */
function onClientError(error, socket) {
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  const statusCode = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify(envelope(statusCode));
  const reason = statusCode === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
  socket.end(
    `HTTP/1.1 ${statusCode} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** hapi's own errors (Boom) in the envelope; what a function answered passes as it is. */
function onPreResponse(request, h) {
  const response = request.response;
  if (!response?.isBoom) return h.continue;
  const { statusCode, headers } = response.output;
  const answer = h.response(envelope(statusCode)).code(statusCode).type('application/json');
  // Keep what serverless-offline set (CORS headers, Allow...).
  for (const [name, value] of Object.entries(headers))
    if (name.toLowerCase() !== 'content-type') answer.header(name, value);
  return answer;
}

/**
 * hapi's router decodes the unreserved characters of a path, as API Gateway does, and then
 * resolves `.` and `..` segments, which API Gateway does not: `GET /api/v1/customers/%2e%2e`
 * reached the route index instead of the customer route with the id `..`. This keeps the
 * decoding and leaves the segments to the routes.
 */
function normalizeWithoutDotSegments(path) {
  if (!path?.includes('%')) return path;
  return path
    .replace(/%[0-9a-fA-F]{2}/g, (encoded) => encoded.toUpperCase())
    .replace(/%(?:2[146-9A-E]|3[\dABD]|4[\dA-F]|5[\dAF]|6[1-9A-F]|7[\dAE])/g, (encoded) =>
      String.fromCharCode(Number.parseInt(encoded.slice(1), 16)),
    );
}

// The same module serverless-offline imports (one copy in node_modules; the test checks the answers).
const hapi = require('@hapi/hapi');
const prototype = Object.getPrototypeOf(hapi.server({ autoListen: false }));
const start = prototype.start;
prototype.start = async function startWithEnvelope(...args) {
  this.ext('onPreResponse', onPreResponse);
  this._core.router.normalize = normalizeWithoutDotSegments;
  // API Gateway hands conditional requests to the function and never answers 304 by itself; hapi
  // would, from the ETag alone (an order's version), though the detail changed without it.
  this.ext('onRequest', (request, h) => {
    delete request.headers['if-none-match'];
    delete request.headers['if-modified-since'];
    return h.continue;
  });
  this.listener.removeAllListeners('clientError');
  this.listener.on('clientError', onClientError);
  return start.apply(this, args);
};
