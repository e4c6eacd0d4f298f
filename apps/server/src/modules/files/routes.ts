import { FILE_KINDS, ZIdParam, ZUploadedFile } from '@scaler/domain';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../http/auth';
import { ok, replies } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { readLicenseFile, uploadFile } from './service';

const tags = ['files'];
const MAX_UPLOAD = Math.max(...Object.values(FILE_KINDS).map((k) => k.maxBytes));

const badUpload = (message: 'validation.required' | 'validation.multipart') =>
  new AppError('VALIDATION', { data: { fields: [{ path: 'file', message }] } });

/**
 * The one file part of a multipart upload, read into memory up to the largest allowed size. Anything that
 * is not a well-formed multipart body (JSON, a missing boundary, a cut-off form) is the caller's mistake.
 */
export async function readUpload(req: FastifyRequest, maxBytes: number = MAX_UPLOAD) {
  if (!req.isMultipart()) throw badUpload('validation.multipart');
  const part = await req.file({ limits: { fileSize: maxBytes, files: 1 } }).catch(() => {
    throw badUpload('validation.multipart');
  });
  if (!part) throw badUpload('validation.required');
  const bytes = await part.toBuffer().catch((err: { code?: string }) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') return null;
    throw badUpload('validation.multipart');
  });
  return {
    bytes: bytes ?? Buffer.alloc(0),
    truncated: bytes === null || part.file.truncated,
    originalName: part.filename ?? '',
  };
}

export async function fileRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = deps;

  r.post(
    '/scaler/v3/files',
    {
      schema: {
        tags,
        summary: 'Upload an avatar or a license file (multipart: one part `file`)',
        description:
          'Images are re-encoded (only the picture is kept). Each user may upload UPLOAD_QUOTA_FILES files ' +
          'and UPLOAD_QUOTA_MB megabytes in any 24 hours (UPLOAD_QUOTA 10305, HTTP 429).',
        querystring: z.object({ kind: z.enum(['avatar', 'license']) }),
        response: replies(ZUploadedFile),
      },
    },
    async (req) => {
      const upload = await readUpload(req);
      return ok(
        await uploadFile({
          db,
          storage,
          actor: actorOf(req),
          kind: req.query.kind,
          quota: deps.config.uploadQuota,
          ...upload,
        }),
      );
    },
  );

  r.get(
    '/scaler/account/license_files/:file',
    {
      schema: {
        tags,
        summary: 'Download a license file of a center (org_id) or an account (adv_id)',
        params: z.object({ file: z.string().max(64) }),
        querystring: z
          .object({
            org_id: z.optional(ZIdParam),
            adv_id: z.optional(ZIdParam),
          })
          .refine((q) => (q.org_id === undefined) !== (q.adv_id === undefined), {
            message: 'validation.invalid',
          }),
      },
    },
    async (req, reply) => {
      const file = await readLicenseFile({
        db,
        storage,
        actor: actorOf(req),
        name: req.params.file,
        orgId: req.query.org_id,
        advId: req.query.adv_id,
      });
      // Always a download under its original name, never rendered in the console's origin.
      return reply
        .type(file.mime)
        .header('content-disposition', contentDisposition(file.originalName))
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  );
}
