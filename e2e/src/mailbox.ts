/**
 * The composition's mail server (decision 058): a customer's access link is never readable from a shop's
 * outbox, so a journey receives it as the customer does — by e-mail. A real SMTP server process (the API
 * suite's `smtp-server-process.ts`, the `smtp-server` package) takes what the API's SMTP driver sends; each
 * message it accepts is appended to a file in the state folder, which the journeys read.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { E2E_STATE_DIR } from './env';

const MAILBOX_FILE = path.join(E2E_STATE_DIR, 'mailbox.jsonl');
const SERVER_SCRIPT = path.resolve(__dirname, '../../api/test/helpers/smtp-server-process.ts');

export interface Mailbox {
  /** SMTP_URL for the API: smtp://user:password@127.0.0.1:<port>. */
  url: string;
  stop(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  fs.writeFileSync(MAILBOX_FILE, '');
  const user = 'e2e';
  const pass = crypto.randomBytes(12).toString('base64url');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SERVER_SCRIPT], {
    env: { ...process.env, SMTP_USER: user, SMTP_PASS: pass },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the e2e SMTP server exited with ${code}`)));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      const listening = /^listening (\d+)$/.exec(line);
      if (listening) resolve(Number(listening[1]));
      else if (line.startsWith('{')) fs.appendFileSync(MAILBOX_FILE, `${line}\n`);
    });
  });
  return {
    url: `smtp://${user}:${pass}@127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The text of the e-mails received for `address` so far, as their reader sees them (quoted-printable undone). */
export function mailsTo(address: string): string[] {
  const lines = fs.existsSync(MAILBOX_FILE) ? fs.readFileSync(MAILBOX_FILE, 'utf8').split('\n').filter(Boolean) : [];
  return lines
    .map((line) => JSON.parse(line) as { to: string[]; data: string })
    .filter((mail) => mail.to.includes(address))
    .map((mail) => mail.data.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))));
}
