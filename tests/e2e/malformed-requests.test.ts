/**
 * Requests that never reach a function (the local stack's HTTP server refuses them first) still
 * get the error envelope, as the gateway responses of serverless.yml give in AWS
 * (tests/integration/serverless-package.test.ts checks those).
 */
import { connect } from 'node:net';
import { describe, expect, it, inject } from 'vitest';
import { demoKey } from '../support/http.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Writes the request line and headers byte for byte (fetch would normalise the path and add a
 * Content-Type to a body) and reads the whole answer.
 */
function rawRequest(requestLine: string, headers: Record<string, string> = {}, body?: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(inject('baseUrl'));
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      const lines = [
        requestLine,
        `Host: ${hostname}:${port}`,
        'Connection: close',
        ...(body === undefined ? [] : [`Content-Length: ${Buffer.byteLength(body)}`]),
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body ?? ''}`);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const entries = headerLines.map(
        (line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()] as const,
      );
      const rawBody = rest.join('\r\n\r\n');
      const chunked = entries.some(([name, value]) => name === 'transfer-encoding' && value === 'chunked');
      const bodyText = chunked ? dechunk(rawBody) : rawBody;
      let body: unknown = bodyText;
      try {
        body = JSON.parse(bodyText);
      } catch {
        /* not JSON: the assertion shows it */
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers: Object.fromEntries(entries), body });
    });
  });
}

function dechunk(text: string): string {
  let out = '';
  let rest = text;
  for (;;) {
    const end = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, end), 16);
    if (!size) return out;
    out += rest.slice(end + 2, end + 2 + size);
    rest = rest.slice(end + 2 + size + 2);
  }
}

const envelope = (statusCode: number, code: string) => ({
  success: false,
  error: expect.any(String),
  statusCode,
  code,
});

describe('requests the HTTP server refuses before any function', () => {
  it.each([
    ['an overlong UTF-8 sequence', '/api/v1/customers/%C0%AE'],
    ['a lone percent sign', '/api/v1/customers/%'],
    ['a truncated escape', '/api/v1/orders/%E2%82'],
  ])('answers %s in the path with 400 in the envelope', async (_label, path) => {
    // Act
    const answer = await rawRequest(`GET ${path} HTTP/1.1`, { 'X-API-Key': demoKey('admin') });

    // Assert
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.body).toEqual(envelope(400, 'VALIDATION_ERROR'));
    expect((answer.body as { error: string }).error).toContain('percent-encode');
  });

  it('answers a 20,000-character path with 431 in the envelope, naming the limit', async () => {
    // Act
    const answer = await rawRequest(`GET /api/v1/customers/${'a'.repeat(20_000)} HTTP/1.1`, {
      'X-API-Key': demoKey('admin'),
    });

    // Assert
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.body).toEqual(envelope(431, 'VALIDATION_ERROR'));
    expect((answer.body as { error: string }).error).toContain('16 KB');
  });

  it('answers a request line that is not HTTP with 400 in the envelope', async () => {
    // Act
    const answer = await rawRequest('GET /api/v1/orders HTTP/1.1 extra');

    // Assert
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(envelope(400, 'VALIDATION_ERROR'));
  });

  it('still lets the answers of the functions through as they are', async () => {
    // Act
    const answer = await rawRequest('GET /api/v1/orders?limit=1 HTTP/1.1', { 'X-API-Key': demoKey('admin') });

    // Assert
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, data: expect.any(Array) });
  });
});

describe('requests the local stack passes to the function as API Gateway does', () => {
  it.each([
    ['an encoded dot-dot segment', '/api/v1/customers/%2e%2e', '..'],
    ['an encoded dot segment in capitals', '/api/v1/customers/%2E', '.'],
  ])(
    'hands %s to the route it is under, as its id, instead of resolving it to another route',
    async (_label, path, id) => {
      // Act
      const answer = await rawRequest(`GET ${path} HTTP/1.1`, { 'X-API-Key': demoKey('admin') });

      // Assert: the customer route's own answer to an id that is no id (the route index would answer 200)
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        ...envelope(400, 'VALIDATION_ERROR'),
        details: [{ field: 'path.id', message: expect.stringContaining(`"${id}"`) }],
      });
    },
  );

  it('refuses a POST whose body has no Content-Type with 415, and creates nothing', async () => {
    // Arrange
    const mobileNumber = `+9715${String(Date.now()).slice(-8)}`;

    // Act
    const answer = await rawRequest(
      'POST /api/v1/customers HTTP/1.1',
      { 'X-API-Key': demoKey('admin') },
      JSON.stringify({ name: 'No Type', mobileNumber }),
    );
    const search = await rawRequest(`GET /api/v1/customers/search?phone=${encodeURIComponent(mobileNumber)} HTTP/1.1`, {
      'X-API-Key': demoKey('admin'),
    });

    // Assert
    expect(answer.status).toBe(415);
    expect(answer.body).toEqual(envelope(415, 'UNSUPPORTED_MEDIA_TYPE'));
    expect((answer.body as { error: string }).error).toContain('Content-Type: application/json');
    expect((search.body as { data: unknown[] }).data).toEqual([]);
  });
});
