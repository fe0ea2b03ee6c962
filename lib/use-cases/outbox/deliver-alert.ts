import { isChatLanguage, templateParameter } from '../../text/chat-templates.js';
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
  const staff = (await Promise.all([listStaff(event.tenantId, 'admin'), listStaff(event.tenantId, 'operations')])).flat();
  const template = String(event.payload.template);
  const parameters = ((event.payload.parameters as string[] | undefined) ?? []).map(templateParameter);
  for (const user of staff) {
    const key = `staff:${user.id}`;
    if (!user.mobileNumber || user.active === false || event.deliveries[key] !== undefined) continue;
    try {
      const { messageId } = await channel.send(templateMessage(user.mobileNumber, template, isChatLanguage(user.language) ? user.language : 'en', parameters));
      await untilTableAnswers(() => recordDelivery(event, key, messageId));
    } catch (error) {
      if (!(error instanceof ChannelError) || !(error.code === 'RECIPIENT_INVALID' || error.code === 'REJECTED')) throw error;
      log.warn('alert refused for one recipient', { eventId: event.id, recipient: key, reason: error.message });
      await untilTableAnswers(() => recordDelivery(event, key, `failed:${error.code}`));
    }
    event.deliveries[key] = 'sent';
  }
}
