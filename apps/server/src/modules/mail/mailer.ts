import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db, Executor } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  link?: string;
  kind: string;
}

export interface Mailer {
  /** Stores the mail in the outbox as part of the caller's transaction; returns its id. */
  enqueue(db: Executor, mail: OutgoingMail): Promise<number>;
  /** Delivers stored mails by SMTP, or logs them when no SMTP server is configured. Never throws. */
  deliver(ids: number[]): Promise<void>;
}

export function createMailer(options: {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl: string | null;
  from: string;
}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async enqueue(db, mail) {
      const [row] = await db
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
        const [mail] = await options.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
        if (!mail) continue;
        if (!transport) {
          options.log.info(
            {
              mail: {
                id: mail.id,
                to: mail.toEmail,
                kind: mail.kind,
                subject: mail.subject,
                link: mail.link,
              },
            },
            'mail kept in the outbox (no SMTP_URL configured)',
          );
          continue;
        }
        try {
          await transport.sendMail({
            from: options.from,
            to: mail.toEmail,
            subject: mail.subject,
            text: mail.bodyText,
          });
          await options.db
            .update(mailOutbox)
            .set({ sentAt: new Date(), attempts: sql`${mailOutbox.attempts} + 1`, error: null })
            .where(eq(mailOutbox.id, id));
        } catch (err) {
          options.log.error({ err, mailId: id }, 'mail delivery failed');
          await options.db
            .update(mailOutbox)
            .set({ attempts: sql`${mailOutbox.attempts} + 1`, error: String(err) })
            .where(eq(mailOutbox.id, id));
        }
      }
    },
  };
}
