import { readFileSync } from 'node:fs';
import { inject } from 'vitest';

interface LoggedMail {
  to: string;
  kind: string;
  subject: string;
  /** null for a mail without a link (the note to the owner of an address someone signed up with). */
  link: string | null;
}

/** The newest e-mail link the server logged for an address (no SMTP in tests: the outbox is logged). */
export async function waitForMailLink(to: string, kind: string, timeoutMs = 10_000): Promise<string> {
  const { link } = await waitForMail(to, kind, timeoutMs);
  if (link === null) throw new Error(`the ${kind} e-mail to ${to} has no link`);
  return link;
}

/** The newest e-mail of a kind the server logged for an address. */
export async function waitForMail(to: string, kind: string, timeoutMs = 10_000): Promise<LoggedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails: LoggedMail[] = readFileSync(inject('serverLog'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('{') && line.includes('"mail"'))
      .map((line) => JSON.parse(line).mail as LoggedMail)
      .filter((m) => m.to === to && m.kind === kind);
    if (mails.length > 0) return mails[mails.length - 1];
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${kind} e-mail to ${to} in the server log`);
}
