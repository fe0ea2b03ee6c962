import { isChatLanguage, templateParameter, type ChatLanguage } from '../../text/chat-template.js';
import { log } from '../../logger.js';
import { ChannelError, type ChatChannel } from '../../notify/message.js';
import { templateMessage } from '../../notify/templates.js';
import { recordDelivery, type OutboxEvent } from '../../store/outbox.js';
import { listStaff } from '../../store/users.js';
import { untilTableAnswers } from '../shared/until-table-answers.js';

/**
 * An operational alert to the tenant's admins and operations staff who have a mobile number,
 * each recorded the moment the channel takes it, so a retry after a later failure skips them
 * (an alert twice, after a crash at the wrong instant, is acceptable; none at all is not).
 * A recipient the channel refuses for good is recorded and skipped.
 */
export async function deliverAlert(event: OutboxEvent, channel: ChatChannel): Promise<void> {
  const staff = (
    await Promise.all([listStaff(event.tenantId, 'admin'), listStaff(event.tenantId, 'operations')])
  ).flat();
  const template = String(event.payload.template);
  // The parameters in the reader's language where the alert has them (what is due, an unnamed car), else as written.
  const byLanguage = (event.payload.parametersIn ?? {}) as Partial<Record<ChatLanguage, string[]>>;
  const parametersIn = (language: ChatLanguage) =>
    (byLanguage[language] ?? (event.payload.parameters as string[] | undefined) ?? []).map(templateParameter);
  for (const user of staff) {
    const key = `staff:${user.id}`;
    if (!user.mobileNumber || user.active === false || event.deliveries[key] !== undefined) continue;
    const language = isChatLanguage(user.language) ? user.language : 'en';
    try {
      const { messageId } = await channel.send(
        templateMessage(user.mobileNumber, template, language, parametersIn(language)),
      );
      await untilTableAnswers(() => recordDelivery(event, key, messageId));
    } catch (error) {
      if (!(error instanceof ChannelError) || !(error.code === 'RECIPIENT_INVALID' || error.code === 'REJECTED'))
        throw error;
      log.warn('alert refused for one recipient', { eventId: event.id, recipient: key, reason: error.message });
      await untilTableAnswers(() => recordDelivery(event, key, `failed:${error.code}`));
    }
    event.deliveries[key] = 'sent';
  }
}
