import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = { to: string[]; subject: string; text: string };

/** Quoted-printable, as nodemailer writes long lines: soft breaks joined, =XX decoded (our mails are ASCII). */
const unquote = (body: string) =>
  body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/**
 * A real SMTP server in the test's own process (smtp-server, from nodemailer's authors), so the app's mail goes
 * out through its SMTP transport exactly as in production and the test reads what arrived. The browser tests run
 * it as a process of its own (e2e/support/mail-catcher.ts), on a given port, handing each mail on.
 */
export async function startMailCatcher(options: { port?: number; onMail?: (mail: CaughtMail) => void } = {}) {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        const split = raw.indexOf('\r\n\r\n');
        const head = raw.slice(0, split);
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: /^Subject: (.*)$/m.exec(head)?.[1]?.trim() ?? '',
          text: /quoted-printable/i.test(head) ? unquote(raw.slice(split + 4)) : raw.slice(split + 4),
        };
        mails.push(mail);
        options.onMail?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mails,
    /** The mails sent to an address, oldest first. */
    to: (address: string) => mails.filter((m) => m.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of the last address link mailed to `address`. */
export function tokenIn(mail: CaughtMail | undefined): string {
  const token = mail && /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no address link in ${JSON.stringify(mail?.text)}`);
  return token;
}
