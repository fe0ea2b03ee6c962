import { describe, expect, it } from 'vitest';
import { messageStatus } from '../../lib/domain/message-status.js';
import { failedChatMessageIndex, failedChatMessages } from '../../lib/store/records/chat-message.js';
import { orderStatusIndex, ordersOfStatus } from '../../lib/store/records/order.js';

describe('the status lists’ keys', () => {
  it('key an order on its tenant’s list of its status, in the order of the tenant’s list', () => {
    const order = { id: 'o1', tenantId: 't1', status: 'Shipped', createdAt: '2026-11-26T08:00:00.000Z' };
    expect(orderStatusIndex(order)).toEqual({ gsi9pk: 'ORDERS#S#t1#Shipped', gsi9sk: '2026-11-26T08:00:00.000Z#o1' });
    expect(orderStatusIndex({ ...order, tenantId: undefined }).gsi9pk).toBe(ordersOfStatus(undefined, 'Shipped'));
    expect(ordersOfStatus(undefined, 'Shipped')).toBe('ORDERS#S#NONE#Shipped');
  });

  it('key a failed message on its tenant’s list of failed messages, newest last in the key order', () => {
    const index = failedChatMessageIndex({
      tenantId: 't1',
      createdAt: '2026-11-26T08:00:00.000Z',
      messageId: 'wamid.1',
    });
    expect(index).toEqual({ gsi2pk: 'CHATMSGS#FAILED#T#t1', gsi2sk: '2026-11-26T08:00:00.000Z#wamid.1' });
    expect(failedChatMessages(undefined)).toBe('CHATMSGS#FAILED#T#NONE');
  });

  it('count a message failed while no device has it: a refusal, or a failure with no delivery or read', () => {
    expect(messageStatus('failed', {})).toBe('failed');
    expect(messageStatus('accepted', { sent: 'a', failed: 'b' })).toBe('failed');
    expect(messageStatus('accepted', { failed: 'b', delivered: 'c' })).toBe('delivered');
    expect(messageStatus('accepted', { failed: 'b', read: 'c' })).toBe('read');
    expect(messageStatus('unknown', {})).toBe('unknown');
  });
});
