import { MessageChannel } from '@cincy/contracts';
import { AppLogger } from '@cincy/platform';
import type { NotifyEnv } from '../config';
import { EmailProvider } from './email-provider';
import { Provider } from './provider';
import { SinkProvider } from './sink-provider';
import { SmsProvider } from './sms-provider';

/** Each channel's provider: the configured one, else the development sink. */
export function providersFor(
  env: NotifyEnv,
  logger: Pick<AppLogger, 'log'>,
): Record<MessageChannel, Provider> {
  return {
    email: env.SMTP_URL
      ? new EmailProvider(env.SMTP_URL, env.MAIL_FROM)
      : new SinkProvider('email', logger),
    sms: env.SMS_URL
      ? new SmsProvider({
          url: env.SMS_URL,
          accountSid: env.SMS_ACCOUNT_SID,
          authToken: env.SMS_AUTH_TOKEN,
          from: env.SMS_FROM,
        })
      : new SinkProvider('sms', logger),
  };
}
