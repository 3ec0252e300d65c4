import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export type CaughtMail = { to: string[]; from: string; subject: string; text: string; html: string };

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives, for tests that follow e-mailed links.
 * Point Foray at it with SMTP_URL=smtp://127.0.0.1:<port>.
 */
export async function startSmtpCatcher() {
  const mails: CaughtMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((address) =>
            address.value.map((entry) => entry.address ?? ''),
          );
          mails.push({
            to,
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;

  /** Waits for the next mail to `address` whose subject matches, and returns it. */
  async function waitForMail(address: string, subject?: RegExp, timeoutMs = 15_000): Promise<CaughtMail> {
    const deadline = Date.now() + timeoutMs;
    let seen = 0;
    for (;;) {
      const match = mails
        .slice(seen)
        .find((mail) => mail.to.includes(address.toLowerCase()) && (!subject || subject.test(mail.subject)));
      if (match) {
        mails.splice(mails.indexOf(match), 1);
        return match;
      }
      seen = 0;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No mail to ${address} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail,
    /** The first http(s) link in a mail's text. */
    linkIn(mail: CaughtMail): string {
      const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
      if (!link) throw new Error(`No link in mail "${mail.subject}"`);
      return link;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;
