import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { consoleDirectory } from '../../lib/config.js';
import { consoleFileFor } from '../../lib/http/console-files.js';

/**
 * The staff console's files on the local stack (declared for the local stage only:
 * scripts/serverless/local-functions.cjs); in AWS, CloudFront serves them from their bucket.
 */
export const handler = async (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> => {
  const found = consoleFileFor(event.path);
  if (found.kind === 'redirect') return { statusCode: 302, headers: { Location: found.location }, body: '' };
  if (found.kind === 'file') {
    try {
      const bytes = await readFile(join(consoleDirectory(), found.path));
      return {
        statusCode: 200,
        headers: {
          'Content-Type': found.contentType,
          'Cache-Control': found.cacheControl,
          'X-Content-Type-Options': 'nosniff',
        },
        body: found.binary ? bytes.toString('base64') : bytes.toString('utf8'),
        isBase64Encoded: found.binary,
      };
    } catch {
      // Not built, or no such file: the same answer as for a path that is not the console's.
    }
  }
  return {
    statusCode: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' },
    body: 'Not found. The staff console is at /console/ (built by npm start or npm run build:console).',
  };
};
