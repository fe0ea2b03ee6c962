import route from '../../lib/schemas/generated/receiveWhatsAppWebhook.js';
import { signedWebhookHandler } from '../../lib/http/webhook-handler.js';
import { receiveWhatsAppWebhook } from '../../lib/use-cases/chat-webhook.js';

export const handler = signedWebhookHandler(route, async (body) => ({ data: await receiveWhatsAppWebhook(body) }));
