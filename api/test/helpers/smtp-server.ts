/** Starts `smtp-server-process.ts` (a real SMTP server, run by tsx) in a child process and collects what it receives. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

export interface ReceivedMail {
  from: string;
  to: string[];
  user: string;
  /** The raw message (headers and body). */
  data: string;
}

export interface SmtpServerProcess {
  port: number;
  /** smtp://user:pass@127.0.0.1:port with the server's credentials. */
  url: string;
  received: ReceivedMail[];
  stop(): Promise<void>;
}

export async function startSmtpServer(user = 'negozio', pass = 'password-smtp'): Promise<SmtpServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'smtp-server-process.ts')], {
    env: { ...process.env, SMTP_USER: user, SMTP_PASS: pass },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const received: ReceivedMail[] = [];
  const lines = readline.createInterface({ input: child.stdout });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`smtp server exited with ${code}`)));
    lines.on('line', (line) => {
      const listening = /^listening (\d+)$/.exec(line);
      if (listening) resolve(Number(listening[1]));
      else if (line.startsWith('{')) received.push(JSON.parse(line) as ReceivedMail);
    });
  });
  return {
    port,
    url: `smtp://${user}:${pass}@127.0.0.1:${port}`,
    received,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
