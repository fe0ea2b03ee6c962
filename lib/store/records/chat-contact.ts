import type { Static } from '@sinclair/typebox';
import * as Type from '@sinclair/typebox';
import { recordCodec } from '../record.js';

/**
 * A phone number as the business number knows it: when the person last wrote to us (their
 * 24-hour window) and whether they opted out. It belongs to the channel, not to a tenant: one
 * WhatsApp number serves every tenant, and a "STOP" to it stops what it sends.
 */
export const ChatContactRecord = Type.Object({
  /** E.164, as in the key. */
  phone: Type.String(),
  /** When the person last wrote to us: their 24-hour window runs from here. */
  lastInboundAt: Type.Optional(Type.String()),
  optedOut: Type.Optional(Type.Boolean()),
  /** When the person last opted out or back in. */
  optOutChangedAt: Type.Optional(Type.String()),
  updatedAt: Type.String(),
});
export type ChatContact = Static<typeof ChatContactRecord>;
export const chatContactCodec = recordCodec('chat contact', ChatContactRecord);

/** A phone number's window and opt-out, and the inbound messages already seen. */
export const chatContact = (phone: string) => ({ pk: `CHATCONTACT#${phone}`, sk: 'CONTACT' });
/** Written with the contact's update, once per WhatsApp message id (`phone`, `at`; expiresAt TTL), never read back. */
export const chatInbound = (messageId: string) => ({ pk: `CHATIN#${messageId}`, sk: 'INBOUND' });
