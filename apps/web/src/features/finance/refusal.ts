import { ApiError } from '../../api/client';
import { translateKey } from '../../i18n';

/** A refused finance request as a form shows it: the message of each field it names, and the server's text. */
export interface Refusal {
  /** By path without `body.`: `amount`, `items.0.amount`, `note`. */
  fields: Record<string, string>;
  /** The server's message (translated by it, in the request's language). */
  message: string;
}

interface FieldIssue {
  path: string;
  message: string;
  params?: Record<string, unknown>;
}

export function refusalOf(error: unknown): Refusal {
  const message = error instanceof Error ? error.message : String(error);
  if (!(error instanceof ApiError) || error.kind !== 'business') return { fields: {}, message };
  const issues = (error.data as { fields?: FieldIssue[] } | null)?.fields ?? [];
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.replace(/^body\./, '');
    fields[path] ??= translateKey(issue.message, issue.params);
  }
  return { fields, message };
}
