import { useEffect, useRef } from 'react';
import { ApiError } from '../../api/client';

/**
 * The `request_key` of a money-moving form (a transfer, a top-up request): made when the form opens and
 * sent with each submission, so sending again after a lost answer posts nothing twice (the server
 * answers the first result). A new key is made only once the server has answered, either way: the form
 * then holds a new request.
 */
export function newRequestKey(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return `web-${random}`;
}

/**
 * Whether a failed submission leaves its key in use: when the answer was lost (the network, a server
 * error) the request may have been posted, and the same key must go with a retry. A refusal the server
 * answered posted nothing, so the next submission (perhaps with another amount) takes a new key.
 */
export function keepsKey(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.kind === 'network' || error.kind === 'cancelled' || error.status >= 500;
}

/**
 * The key of a form that opens and closes (a dialog): a new one each time it opens, kept across a
 * retry after a lost answer, renewed after the server answered a refusal.
 */
export function useRequestKey(open: boolean) {
  const key = useRef(newRequestKey());
  useEffect(() => {
    if (open) key.current = newRequestKey();
  }, [open]);
  return {
    current: () => key.current,
    /** After a submission: the error it failed with, or nothing when it went through. */
    settle: (error?: unknown) => {
      if (error === undefined || !keepsKey(error)) key.current = newRequestKey();
    },
  };
}
