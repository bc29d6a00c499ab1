/**
 * A real SMTP server (the `smtp-server` package) in its own process, for the driver tests: it asks for
 * AUTH PLAIN/LOGIN with SMTP_USER / SMTP_PASS, refuses recipients at @rifiuta.example.it with 550,
 * prints `listening <port>` once, then one JSON line per accepted message.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

const server = new SMTPServer({
  authMethods: ['PLAIN', 'LOGIN'],
  allowInsecureAuth: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === process.env.SMTP_USER && auth.password === process.env.SMTP_PASS) return callback(null, { user: auth.username });
    return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
  },
  onRcptTo(address, _session, callback) {
    if (address.address.endsWith('@rifiuta.example.it')) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    return callback();
  },
  onData(stream, session, callback) {
    let data = '';
    stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
    stream.on('end', () => {
      process.stdout.write(`${JSON.stringify({ from: (session.envelope.mailFrom || { address: '' }).address, to: session.envelope.rcptTo.map((r) => r.address), user: session.user, data })}\n`);
      callback(null, 'Message accepted');
    });
  },
});

server.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${(server.server.address() as AddressInfo).port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
