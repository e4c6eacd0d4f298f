import { FILE_KINDS, FILE_MIME, type FileKind, sniffFileType } from '@scaler/domain';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import { advReach, findOrgMembership } from '../../access/org-access';
import type { Executor } from '../../db/client';
import { advertisers, uploadedFiles } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { FileStorage } from './storage';

/** Stores an upload after checking its real type (from the bytes) and size against the domain table. */
export async function uploadFile(options: {
  db: Executor;
  storage: FileStorage;
  actor: Actor;
  kind: FileKind;
  bytes: Buffer;
  truncated: boolean;
  originalName: string;
}) {
  const rule = FILE_KINDS[options.kind];
  if (options.truncated || options.bytes.length > rule.maxBytes) {
    throw new AppError('FILE_TOO_LARGE', { params: { max: rule.maxBytes / 1024 / 1024 } });
  }
  const type = sniffFileType(options.bytes);
  if (!type || !(rule.types as readonly string[]).includes(type)) throw new AppError('FILE_FORMAT');
  const name = await options.storage.save(options.kind, type, options.bytes);
  await options.db.insert(uploadedFiles).values({
    name,
    kind: options.kind,
    mime: FILE_MIME[type],
    size: options.bytes.length,
    originalName: options.originalName.slice(0, 255),
    uploadedBy: options.actor.userId,
  });
  return {
    file: name,
    url: options.kind === 'avatar' ? `avatars/${name}` : null,
    size: options.bytes.length,
  };
}

/**
 * Attaches license files to a center or an account. Only files the caller uploaded, or files already
 * attached to that same owner, can be attached; anything else is "not found".
 */
export async function attachLicenseFiles(
  db: Executor,
  actor: Actor,
  owner: { orgId: number } | { advId: number },
  names: string[],
) {
  if (names.length === 0) return;
  const sameOwner =
    'orgId' in owner ? eq(uploadedFiles.orgId, owner.orgId) : eq(uploadedFiles.advId, owner.advId);
  const unattached = and(
    isNull(uploadedFiles.orgId),
    isNull(uploadedFiles.advId),
    eq(uploadedFiles.uploadedBy, actor.userId),
  );
  const updated = await db
    .update(uploadedFiles)
    .set('orgId' in owner ? { orgId: owner.orgId } : { advId: owner.advId })
    .where(
      and(inArray(uploadedFiles.name, names), eq(uploadedFiles.kind, 'license'), or(unattached, sameOwner)),
    )
    .returning({ name: uploadedFiles.name });
  if (updated.length !== new Set(names).size) throw new AppError('FILE_UNKNOWN');
}

/** An avatar path (`avatars/<name>`) must name an uploaded avatar. */
export async function assertAvatarUploaded(db: Executor, avatar: string | null | undefined) {
  if (!avatar) return;
  const name = avatar.replace(/^avatars\//, '');
  const [row] = await db
    .select({ name: uploadedFiles.name })
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.name, name), eq(uploadedFiles.kind, 'avatar')));
  if (!row) throw new AppError('FILE_UNKNOWN');
}

/**
 * A license file for download, only to those allowed: admins of the center it belongs to (or of the
 * account's owning center), account admins of the account, and platform operators.
 */
export async function readLicenseFile(options: {
  db: Executor;
  storage: FileStorage;
  actor: Actor;
  name: string;
  orgId?: number;
  advId?: number;
}) {
  const [file] = await options.db
    .select()
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.name, options.name), eq(uploadedFiles.kind, 'license')));
  const matches =
    file &&
    ((options.orgId !== undefined && file.orgId === options.orgId) ||
      (options.advId !== undefined && file.advId === options.advId));
  if (!file || !matches) throw new AppError('NOT_FOUND');
  if (!options.actor.isOperator && !(await mayReadLicense(options.db, options.actor, file))) {
    throw new AppError('NOT_FOUND');
  }
  return {
    bytes: await options.storage.read('license', file.name),
    mime: file.mime,
    originalName: file.originalName,
  };
}

async function mayReadLicense(
  db: Executor,
  actor: Actor,
  file: { orgId: number | null; advId: number | null },
): Promise<boolean> {
  if (file.orgId !== null) {
    const m = await findOrgMembership(db, actor, file.orgId);
    return m?.orgRole === 'org_admin';
  }
  if (file.advId !== null) {
    const [adv] = await db
      .select({ orgId: advertisers.orgId })
      .from(advertisers)
      .where(eq(advertisers.advId, file.advId));
    if (!adv) return false;
    const m = await findOrgMembership(db, actor, adv.orgId);
    if (m?.orgRole === 'org_admin') return true;
    const reach = advReach(db, actor, { advId: file.advId });
    const admins = await db
      .select({ advId: reach.advId })
      .from(reach)
      .where(inArray(reach.advRole, ['role_admin', 'role_admin_client']))
      .limit(1);
    return admins.length > 0;
  }
  return false;
}
