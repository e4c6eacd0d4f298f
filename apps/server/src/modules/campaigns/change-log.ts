import type { LogAction } from '@scaler/domain';
import { LOG_OBJECT } from '@scaler/domain';
import type { Executor } from '../../db/client';
import { changeLog } from '../../db/schema';

/**
 * The change history of campaigns, ad groups and creatives: one row per changed field, written in the
 * same transaction as the change. Values are display text (numbers as written, arrays joined, objects
 * as JSON), so the history reads the same whatever the object becomes later.
 */

export type LogObject = keyof typeof LOG_OBJECT;

export interface ChangeEntry {
  advId: number;
  object: LogObject;
  objectId: number;
  userId: string | null;
  action: LogAction;
  /** When it happened, if not now (the demo seed's back-dated objects). */
  at?: Date;
}

export function displayValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/**
 * Records what changed between `before` and `after` (the wire's field names); fields equal in both
 * are skipped. A create passes `before: null` and records each field set; a switch, delete or review
 * records one row with `field` naming what moved.
 */
export async function recordChanges(
  db: Executor,
  entry: ChangeEntry,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): Promise<number> {
  const rows = [];
  for (const [field, value] of Object.entries(after)) {
    const was = before === null ? null : displayValue(before[field]);
    const now = displayValue(value);
    if (before !== null && was === now) continue;
    rows.push({
      advId: entry.advId,
      objectType: LOG_OBJECT[entry.object],
      objectId: entry.objectId,
      action: entry.action,
      field,
      before: was,
      after: now,
      userId: entry.userId,
      ...(entry.at ? { at: entry.at } : {}),
    });
  }
  if (rows.length > 0) await db.insert(changeLog).values(rows);
  return rows.length;
}
