/**
 * The try-out mailbox (decision 058): on a local try-out — every address of the product on this machine
 * only — a credential that a shop in test mode (the outbox driver) would have to deliver is written to a
 * file in the data folder instead (mode 600, this user only), so the person trying the product can open their
 * customer's page. No route reads the file and no shop sees it; anywhere else the credential is not sent.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MessageDriver } from './types';

export const LOCAL_MAILBOX_DRIVER = 'mailbox';

export function createLocalMailboxDriver(file: string, now: () => Date = () => new Date()): MessageDriver {
  return {
    name: LOCAL_MAILBOX_DRIVER,
    async send(message) {
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const entry = `--- ${now().toISOString()} · ${message.channel} a ${message.recipient}\n${message.body}\n\n`;
      await fs.appendFile(file, entry, { encoding: 'utf8', mode: 0o600 });
      return { providerMessageId: null, status: 'sent' };
    },
  };
}
