import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db, Executor } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { redactUrl } from '../../http/log-redact';
import { assertRecipientAllowed } from './limits';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  link?: string;
  kind: string;
}

/** What the mailer writes to the server log (the Fastify logger in the server). */
export interface MailLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface Mailer {
  /**
   * Stores the mail in the outbox as part of the caller's transaction; returns its id. Past the hourly
   * limit of mails to its recipient it stores nothing and throws `MAIL_LIMIT_RECIPIENT` (HTTP 429).
   */
  enqueue(db: Executor, mail: OutgoingMail): Promise<number>;
  /**
   * Delivers stored mails by SMTP, or logs them with their link when no SMTP server is configured, then
   * keeps each row with its link and secret redacted. Never throws.
   */
  deliver(ids: number[]): Promise<void>;
  /** Runs work after the answer has gone (delivery, a reset request); failures are logged. */
  later(task: () => Promise<unknown>): void;
  /** Resolves once everything handed to `later` has finished (the server waits for it on close). */
  idle(): Promise<void>;
}

/** The link with its secret replaced, and the body with every copy of link and secret replaced. */
export function redactMail(mail: { link: string | null; bodyText: string }) {
  if (!mail.link) return { link: null, bodyText: mail.bodyText };
  const link = redactUrl(mail.link);
  let bodyText = mail.bodyText.split(mail.link).join(link);
  for (const key of ['token', 'code']) {
    const secret = new URL(mail.link).searchParams.get(key);
    if (secret && secret.length >= 16) bodyText = bodyText.split(secret).join('[redacted]');
  }
  return { link, bodyText };
}

export function createMailer(options: {
  db: Db;
  log: MailLog;
  smtpUrl: string | null;
  from: string;
  perRecipientPerHour: number;
}): Mailer {
  const { db, log } = options;
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const pending = new Set<Promise<unknown>>();

  const redact = (mail: typeof mailOutbox.$inferSelect) =>
    db
      .update(mailOutbox)
      .set({ ...redactMail(mail), redactedAt: new Date() })
      .where(eq(mailOutbox.id, mail.id));

  async function deliverOne(id: number) {
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!mail || mail.redactedAt) return;
    if (!transport) {
      // The operator without SMTP reads the link here, once; the outbox keeps only the redacted form.
      log.info(
        { mail: { id: mail.id, to: mail.toEmail, kind: mail.kind, subject: mail.subject, link: mail.link } },
        'mail kept in the outbox (no SMTP_URL configured)',
      );
      await redact(mail);
      return;
    }
    try {
      await transport.sendMail({
        from: options.from,
        to: mail.toEmail,
        subject: mail.subject,
        text: mail.bodyText,
      });
    } catch (err) {
      // Kept as it is, secret included, so that it can be delivered again; its link expires anyway.
      log.error({ err, mailId: id }, 'mail delivery failed');
      await db
        .update(mailOutbox)
        .set({ attempts: sql`${mailOutbox.attempts} + 1`, error: String(err) })
        .where(eq(mailOutbox.id, id));
      return;
    }
    await db
      .update(mailOutbox)
      .set({ sentAt: new Date(), attempts: sql`${mailOutbox.attempts} + 1`, error: null })
      .where(eq(mailOutbox.id, id));
    await redact(mail);
  }

  return {
    async enqueue(tx, mail) {
      await assertRecipientAllowed(tx, mail.to, options.perRecipientPerHour);
      const [row] = await tx
        .insert(mailOutbox)
        .values({
          toEmail: mail.to,
          subject: mail.subject,
          bodyText: mail.text,
          link: mail.link,
          kind: mail.kind,
        })
        .returning({ id: mailOutbox.id });
      return row.id;
    },
    async deliver(ids) {
      for (const id of ids) {
        await deliverOne(id).catch((err) => log.error({ err, mailId: id }, 'mail delivery failed'));
      }
    },
    later(task) {
      const run = Promise.resolve()
        .then(task)
        .catch((err) => log.error({ err }, 'background mail work failed'))
        .finally(() => pending.delete(run));
      pending.add(run);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
