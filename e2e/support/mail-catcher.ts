/**
 * The SMTP server the browser tests' app server sends its mail to (playwright.config.ts starts it beside the app):
 * each mail is written to a file in the given folder, where a spec reads it (e2e/support/mail.ts).
 * Usage: tsx e2e/support/mail-catcher.ts <port> <folder>
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startMailCatcher } from '../../server/src/testing/mail-catcher';

const [port, folder] = process.argv.slice(2);
mkdirSync(folder, { recursive: true });
let n = 0;
await startMailCatcher({
  port: Number(port),
  onMail: (mail) => writeFileSync(path.join(folder, `${Date.now()}-${++n}.json`), JSON.stringify(mail)),
});
