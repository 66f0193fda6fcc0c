/**
 * Mail out (the address link of a new account, the notice of a paused account): through the SMTP server
 * configured by SMTP_URL and MAIL_FROM (config.ts, docs/operations.md § Mail), with nodemailer; with none set, the
 * message is written to the log, so a site without mail still sees the link it would have sent.
 */
import nodemailer from 'nodemailer';

export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };
/** Where the app sends mail and which site its links lead to (PUBLIC_URL). */
export type MailContext = { mailer: Mailer; publicUrl: string };
export type MailSettings = { smtpUrl?: string; from: string };
type Log = { info: (object: object, message: string) => void; warn: (object: object, message: string) => void };

export function createMailer(settings: MailSettings, log: Log): Mailer {
  if (!settings.smtpUrl) {
    return {
      send: async (mail) =>
        log.info({ mail: { to: mail.to, subject: mail.subject } }, `Mail not sent (no SMTP_URL):\n${mail.text}`),
    };
  }
  const transport = nodemailer.createTransport(settings.smtpUrl);
  return {
    send: async (mail) => {
      try {
        await transport.sendMail({ from: settings.from, ...mail });
      } catch (error) {
        // The request that asked for it is answered all the same; the holder can ask again by signing in.
        const { message, code } = error as { message?: string; code?: string };
        log.warn({ to: mail.to, error: { message, code } }, 'Mail could not be sent');
      }
    },
  };
}
