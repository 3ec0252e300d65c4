import nodemailer from 'nodemailer';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

export type OutgoingMail = { to: string; subject: string; text: string; html: string };

const MAX_ATTEMPTS = 8;
const BATCH = 20;

/**
 * Mail is written to the outbox table and sent by a worker in the server, never inside the request:
 * a request that awaited SMTP would take measurably longer when the e-mail exists, telling an
 * attacker which addresses have accounts. The table also keeps mail across restarts and SMTP outages.
 */
export function createOutbox(options: {
  db: Database;
  smtpUrl: string | undefined;
  from: string;
  intervalMs: number;
  log: FastifyBaseLogger;
}) {
  const { db, log } = options;
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  async function enqueue(mail: OutgoingMail): Promise<void> {
    await db.insert(mailOutbox).values({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
    });
    wake();
  }

  /** Claims due mail (several servers on one PostgreSQL never send the same mail twice) and sends it. */
  async function workOnce(): Promise<number> {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(mailOutbox.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: sql`now() + interval '10 minutes'` })
      .where(inArray(mailOutbox.id, due))
      .returning();
    for (const mail of claimed) {
      try {
        if (transport) {
          await transport.sendMail({
            from: options.from,
            to: mail.toAddress,
            subject: mail.subject,
            text: mail.textBody,
            html: mail.htmlBody,
          });
        } else {
          // No SMTP configured: the operator copies the link (docs/self-hosting.md, "Mail"). A plain line of its own on stdout,
          // whatever the log format, so a terminal can open it; the JSON log only notes that it happened.
          console.log(`Mail to ${mail.toAddress}: ${firstLink(mail.textBody) ?? mail.subject}`);
          log.info({ subject: mail.subject }, 'Mail printed on stdout (SMTP_URL is not set)');
        }
        // Sent mail holds sign-in links: keep no copy.
        await db.delete(mailOutbox).where(eq(mailOutbox.id, mail.id));
      } catch (error) {
        const giveUp = mail.attempts >= MAX_ATTEMPTS;
        log.warn(
          { err: error, mailId: mail.id, attempts: mail.attempts },
          giveUp ? 'Mail failed; giving up' : 'Mail failed; will retry',
        );
        const backoffSeconds = Math.min(3600, 15 * 2 ** mail.attempts);
        await db
          .update(mailOutbox)
          .set({
            lastError: String((error as Error).message ?? error).slice(0, 500),
            nextAttemptAt: giveUp
              ? sql`'infinity'::timestamptz`
              : sql`now() + make_interval(secs => ${backoffSeconds})`,
          })
          .where(eq(mailOutbox.id, mail.id));
      }
    }
    return claimed.length;
  }

  function wake() {
    if (stopped || running) return;
    running = (async () => {
      try {
        while (!stopped && (await workOnce()) === BATCH) {
          // A full batch: there may be more.
        }
      } catch (error) {
        if (!stopped) log.error({ err: error }, 'Mail outbox worker failed');
      } finally {
        running = undefined;
      }
    })();
  }

  return {
    enqueue,
    /** Works the outbox now and then, so mail left by a crash or an outage still goes out. */
    start() {
      timer = setInterval(wake, options.intervalMs);
      timer.unref();
      wake();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
      transport?.close();
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;

/** The link a mail is about: each of Foray's mails carries one (confirm, reset, sign in). */
function firstLink(text: string): string | null {
  return /https?:\/\/\S+/.exec(text)?.[0] ?? null;
}
