import route from '../../lib/schemas/generated/receiveWhatsAppWebhook.js';
import { signedWebhookHandler } from '../../lib/http/whatsapp-handler.js';
import { receiveWhatsAppWebhook } from '../../lib/use-cases/whatsapp-webhook.js';

export const handler = signedWebhookHandler(route, async (body) => ({ data: await receiveWhatsAppWebhook(body) }));
