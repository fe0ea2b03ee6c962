import route from '../../lib/schemas/generated/verifyWhatsAppWebhook.js';
import { rawHttpHandler } from '../../lib/http/raw-handler.js';
import { answerWhatsAppChallenge } from '../../lib/http/whatsapp-auth.js';

export const handler = rawHttpHandler(route, async (event) => ({
  body: answerWhatsAppChallenge(event.queryStringParameters ?? {}),
  contentType: 'text/plain; charset=utf-8',
}));
