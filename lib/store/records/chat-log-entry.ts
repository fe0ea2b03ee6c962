import type { Static } from '@sinclair/typebox';
import * as stored from '../../schemas/generated/records.js';
import { recordCodec } from '../record.js';
import type { ChatLogEntryRecord } from './chat-log-entry.schema.js';

/** A message the local chat transport "sent": kept for developers and tests to read back. */
export type ChatLogEntry = Static<typeof ChatLogEntryRecord>;
export const chatLogEntryCodec = /* @__PURE__ */ recordCodec('chat log entry', stored.ChatLogEntryRecord);

/** The local chat transport's log of sent messages, newest first by sort key. */
export const chatLogPartition = 'CHAT#LOG';
export const chatLogEntry = (createdAt: string, id: string) => ({ pk: chatLogPartition, sk: `${createdAt}#${id}` });
