import type { S3EventRecord } from './event-record.js';

/** What the emulator's process tells the stack's, over IPC. */
export type ChildMessage =
  | { type: 'ready'; port: number }
  | { type: 'failed'; reason: string }
  | { type: 'fatal'; reason: string }
  | { type: 'log'; line: string }
  | { type: 'event'; record: S3EventRecord };
