import {
  displayFileName,
  FILE_KINDS,
  FILE_MIME,
  type FileKind,
  sniffFileType,
  type TLicenseFile,
  type TUploadedFile,
} from '@scaler/domain';
import { and, count, eq, gt, inArray, isNull, or, sum } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import { advReach, findOrgMembership } from '../../access/org-access';
import type { Db, Executor } from '../../db/client';
import { advertisers, uploadedFiles, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { reencodeImage } from './images';
import type { FileStorage } from './storage';

export interface UploadQuota {
  files: number;
  bytes: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Takes one more file of `bytes` from the user's quota of the last 24 hours, or refuses with
 * `UPLOAD_QUOTA`. Runs inside the transaction that records the file, under a lock on the user's row,
 * so parallel uploads cannot slip past it. Every kind of upload (avatars, licenses, creative
 * materials) counts against the same quota.
 */
export async function reserveUpload(
  tx: Executor,
  actor: Actor,
  quota: UploadQuota,
  bytes: number,
): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.userId)).for('update');
  const [used] = await tx
    .select({ files: count(), bytes: sum(uploadedFiles.size) })
    .from(uploadedFiles)
    .where(
      and(
        eq(uploadedFiles.uploadedBy, actor.userId),
        gt(uploadedFiles.createdAt, new Date(Date.now() - DAY_MS)),
      ),
    );
  if (Number(used.files) + 1 > quota.files || Number(used.bytes ?? 0) + bytes > quota.bytes) {
    throw new AppError('UPLOAD_QUOTA', {
      params: { files: quota.files, mb: Math.round((quota.bytes / 1024 / 1024) * 10) / 10 },
    });
  }
}

/**
 * Stores an upload: the real type is read from the bytes and checked with the size against the domain
 * table; images are re-encoded (nothing but the picture is kept), PDFs are kept as they are and only ever
 * served as downloads. The user's uploads of the last 24 hours must stay within the quota; the check and
 * the insert happen under a lock on the user's row, so parallel uploads cannot slip past it.
 */
export async function uploadFile(options: {
  db: Db;
  storage: FileStorage;
  actor: Actor;
  kind: FileKind;
  bytes: Buffer;
  truncated: boolean;
  originalName: string;
  quota: UploadQuota;
}): Promise<TUploadedFile> {
  const rule = FILE_KINDS[options.kind];
  if (options.truncated || options.bytes.length > rule.maxBytes) {
    throw new AppError('FILE_TOO_LARGE', { params: { max: rule.maxBytes / 1024 / 1024 } });
  }
  const type = sniffFileType(options.bytes);
  if (!type || !(rule.types as readonly string[]).includes(type)) throw new AppError('FILE_FORMAT');
  const bytes =
    type === 'pdf'
      ? options.bytes
      : await reencodeImage(options.bytes, type).catch(() => {
          throw new AppError('FILE_FORMAT');
        });
  const name = displayFileName(options.originalName, type);

  return options.db.transaction(async (tx) => {
    await reserveUpload(tx, options.actor, options.quota, bytes.length);
    const file = await options.storage.save(options.kind, type, bytes);
    await tx.insert(uploadedFiles).values({
      name: file,
      kind: options.kind,
      mime: FILE_MIME[type],
      size: bytes.length,
      originalName: name,
      uploadedBy: options.actor.userId,
    });
    return { file, name, url: options.kind === 'avatar' ? `avatars/${file}` : null, size: bytes.length };
  });
}

/**
 * License files for a list, in the order given: the stored name (the download key) with the original
 * name to show. A name without a row (none in practice) shows as stored.
 */
export async function licenseFilesOf(db: Executor, names: readonly string[]): Promise<TLicenseFile[]> {
  if (names.length === 0) return [];
  const rows = await db
    .select({ file: uploadedFiles.name, name: uploadedFiles.originalName })
    .from(uploadedFiles)
    .where(inArray(uploadedFiles.name, [...new Set(names)]));
  const shown = new Map(rows.map((r) => [r.file, r.name]));
  return names.map((file) => ({ file, name: shown.get(file) || file }));
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
    originalName: file.originalName || file.name,
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
