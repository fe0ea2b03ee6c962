import { crc32, deflateSync } from 'node:zlib';

/** What the walk names and sends as it is: the demo tenant, fixed times, the keys it walks with, a stamp's picture. */

export const GULF = 'demotenantgulfmotors0001';
/** The local chat channel refuses this number (CHAT_LOCAL_FAIL_NUMBERS), for the dispatch-failure answer. */
export const CHAT_FAIL_NUMBER = '+971509999999';
/** Times the walk sends as they are (an inspection's day): the examples keep them. */
export const INSPECTION_AT = '2026-12-01T10:00:00.000Z';
export const WALLET_INSPECTION_AT = '2026-12-03T10:00:00.000Z';

/** A plain PNG of this many pixels a side (a stamp's stand-in): signature, IHDR, one IDAT, IEND. */
export function squarePng(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])));
    return Buffer.concat([length, Buffer.from(type, 'ascii'), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8;
  const rows = Buffer.alloc((side + 1) * side, 0x30);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export type Keys = Record<(typeof ROLES_WALKED)[number] | 'platform', string>;
export const ROLES_WALKED = ['admin', 'operations', 'accountant', 'marketer', 'inspector', 'integrator'] as const;

/** What the walk leaves for the refusals: its delivered order and the order's customer. */
export interface Walked {
  orderId: string;
  customerId: string;
}
