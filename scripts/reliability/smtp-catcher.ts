import { SMTPServer } from 'smtp-server';
import { freePort } from '../lib/free-port.ts';

/** An SMTP server that can start late (the outage) and counts what each recipient received. */
export class SmtpCatcher {
  private readonly received: string[] = [];
  private server?: SMTPServer;

  reservePort(): Promise<number> {
    return freePort();
  }

  async listen(port: number) {
    this.server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      logger: false,
      // A message counts once it has all arrived: a server killed mid-way (the nginx scenario) sent none.
      onData: (stream, session, done) => {
        stream.resume();
        stream.on('end', () => {
          for (const address of session.envelope.rcptTo) this.received.push(address.address.toLowerCase());
          done();
        });
      },
    });
    // A server killed while it talks to us resets the connection: expected here, not a failure of the catcher.
    this.server.on('error', () => {});
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
  }

  async waitFor(count: number, ms: number) {
    const deadline = Date.now() + ms;
    while (this.received.length < count && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 250));
    return this.received.length >= count;
  }

  countsByRecipient() {
    const counts = new Map<string, number>();
    for (const address of this.received) counts.set(address, (counts.get(address) ?? 0) + 1);
    return counts;
  }

  close() {
    return new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
