import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type CaughtMail, tokenIn } from '../../server/src/testing/mail-catcher';

/** Where the e2e mail catcher writes the app's mails (playwright.config.ts). */
export const mailFolder = (port: number | string) => path.join('test-results', `e2e-mail-${port}`);

/** The token of the last address link mailed to `address` in this run. */
export function addressLinkToken(address: string): string {
  const folder = mailFolder(process.env.E2E_PORT ?? 5174);
  const mails = readdirSync(folder)
    .sort((a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]))
    .map((file) => JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as CaughtMail)
    .filter((mail) => mail.to.includes(address));
  return tokenIn(mails.at(-1));
}
