import type { Static } from '@sinclair/typebox';
import * as stored from '../../schemas/generated/records.js';
import { recordCodec } from '../record.js';
import type { ChatContactRecord } from './chat-contact.schema.js';

/** A phone number as the business number knows it: its 24-hour window and whether it opted out. */
export type ChatContact = Static<typeof ChatContactRecord>;
export const chatContactCodec = /* @__PURE__ */ recordCodec('chat contact', stored.ChatContactRecord);

/** A phone number's window and opt-out, and the inbound messages already seen. */
export const chatContact = (phone: string) => ({ pk: `CHATCONTACT#${phone}`, sk: 'CONTACT' });
/** Written with the contact's update, once per WhatsApp message id (`phone`, `at`; expiresAt TTL), never read back. */
export const chatInbound = (messageId: string) => ({ pk: `CHATIN#${messageId}`, sk: 'INBOUND' });
