import { deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * Large text attributes stored deflated when that makes them smaller. An order's event is 1 to
 * 3 KB of JSON and a third of that deflated; it is written in the transaction of the change it
 * tells of (and again with each webhook delivery of it), and an audit record's changes with it,
 * so smaller items cost fewer write units each time. Items written before keep the plain
 * attribute, and read as they were. Kept as `<name>Deflated`, a binary attribute.
 */
function pack(name: string, text: string, plain: unknown): Record<string, unknown> {
  const deflated = deflateRawSync(text);
  return deflated.length < Buffer.byteLength(text) ? { [`${name}Deflated`]: deflated } : { [name]: plain };
}

function unpack(
  item: Record<string, unknown>,
  name: string,
  parse: (text: string) => unknown,
): Record<string, unknown> {
  const { [`${name}Deflated`]: deflated, ...rest } = item;
  return deflated instanceof Uint8Array ? { ...rest, [name]: parse(inflateRawSync(deflated).toString('utf8')) } : item;
}

/** An event's JSON body (the exact bytes every webhook delivery sends and signs). */
export const packBody = (body: string) => pack('body', body, body);
export const unpackBody = (item: Record<string, unknown>) => unpack(item, 'body', (text) => text);

/** An audit record's changes (the fields that differ, with both values). */
export const packChanges = (changes: object) => pack('changes', JSON.stringify(changes), changes);
export const unpackChanges = (item: Record<string, unknown>) => unpack(item, 'changes', (text) => JSON.parse(text));

/**
 * An Idempotency-Key's answer, as its JSON text: a map would come back with its keys in another
 * order, and a replay answers the first answer's very bytes. Answers stored before were maps, and
 * read as they were.
 */
export const packAnswer = (answer: unknown) => {
  const text = JSON.stringify(answer);
  return pack('data', text, text);
};
export function unpackAnswer(item: Record<string, unknown>): Record<string, unknown> {
  const unpacked = unpack(item, 'data', (text) => text);
  return typeof unpacked.data === 'string' ? { ...unpacked, data: JSON.parse(unpacked.data) } : unpacked;
}
