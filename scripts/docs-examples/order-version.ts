import { type CallOptions, call, type Json } from './recorder.js';

/**
 * The walk's order at the version it last read (its ETag, as If-Match and body.version take it),
 * and its status moves, each made at that version.
 */
export class OrderVersion {
  etag = '"1"';

  constructor(readonly id: string) {}

  /** Keeps the version an answer carries, and gives it as a number. */
  versionOf = (headers: Headers): number => {
    this.etag = headers.get('etag') ?? this.etag;
    return Number(this.etag.replace(/"/g, ''));
  };

  /** A status move with the version read, as If-Match and in the body (they agree). */
  move = async (key: string, status: string, extra: Json = {}, options: CallOptions = {}): Promise<Json> => {
    const version = Number(this.etag.replace(/"/g, ''));
    const moved = await call('changeOrderStatus', {
      key,
      path: { id: this.id },
      headers: { 'If-Match': this.etag },
      body: { status, version, ...extra },
      ...options,
    });
    this.versionOf(moved.headers);
    return moved.body.data;
  };
}
