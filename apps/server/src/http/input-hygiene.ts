import type { MessageKey } from '@scaler/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** A NUL character: PostgreSQL stores no `\0` in text or JSON, so it would fail deep in a query. */
const NUL = '\u0000';
/** A surrogate half without its partner: not a character, and not representable in UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string may not be stored, or null when it may. */
function problemOf(text: string): MessageKey | null {
  if (text.includes(NUL)) return 'validation.nul';
  if (LONE_SURROGATE.test(text)) return 'validation.unicode';
  return null;
}

/**
 * The first string (key or value) in a parsed request part that the database could not store faithfully:
 * a NUL character or a lone surrogate. Walks without recursion, so a deeply nested body cannot overflow
 * the stack.
 */
export function findBadText(root: unknown): { path: string; message: MessageKey } | null {
  const stack: [unknown, string][] = [[root, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop() as [unknown, string];
    if (typeof value === 'string') {
      const message = problemOf(value);
      if (message) return { path, message };
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        const message = problemOf(key);
        if (message) return { path: childPath, message };
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

const PARTS = [
  ['params', (r: FastifyRequest) => r.params],
  ['querystring', (r: FastifyRequest) => r.query],
  ['body', (r: FastifyRequest) => r.body],
] as const;

/**
 * Refuses, with 400 and the field's path, any request whose path parameters, query or body carry a NUL
 * character or broken Unicode, before validation and before any handler: one check for every route.
 */
export function registerInputHygiene(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [name, read] of PARTS) {
      const bad = findBadText(read(request));
      if (bad) {
        throw new AppError('VALIDATION', {
          data: { fields: [{ path: bad.path ? `${name}.${bad.path}` : name, message: bad.message }] },
        });
      }
    }
  });
}
