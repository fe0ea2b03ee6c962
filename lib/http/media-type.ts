import { AppError } from '../domain/errors.js';

const SEND_JSON = 'send the body as JSON in UTF-8 with Content-Type: application/json';

/**
 * Runs before the JSON parser. Media types are case-insensitive (RFC 9110), so `APPLICATION/JSON`
 * is JSON; anything but application/json, or a charset other than UTF-8, is refused with 415
 * rather than read as UTF-8 JSON anyway. The accepted header is rewritten to the one form the
 * parser knows.
 */
export function checkMediaType(event: { headers?: Record<string, string | undefined> | null }): void {
  const given = event.headers?.['content-type'];
  if (given === undefined || given.trim() === '')
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `No Content-Type: ${SEND_JSON}`);
  const [type = '', ...parameters] = given.split(';').map((part) => part.trim());
  if (type.toLowerCase() !== 'application/json')
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Content-Type ${type.slice(0, 100)} is not accepted: ${SEND_JSON}`);
  for (const parameter of parameters) {
    const [name = '', value = ''] = parameter.split('=').map((part) => part.trim());
    if (name.toLowerCase() !== 'charset') continue;
    const charset = value.replace(/^"(.*)"$/, '$1').toLowerCase();
    if (charset !== 'utf-8' && charset !== 'utf8')
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', `charset=${charset.slice(0, 40)} is not accepted: ${SEND_JSON}`);
  }
  event.headers = { ...event.headers, 'content-type': 'application/json' };
}
