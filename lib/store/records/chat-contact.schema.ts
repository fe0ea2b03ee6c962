import * as Type from '@sinclair/typebox';

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
