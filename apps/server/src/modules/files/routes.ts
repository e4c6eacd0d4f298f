import { FILE_KINDS } from '@scaler/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { actorOf, requireUser } from '../../http/auth';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { readLicenseFile, uploadFile } from './service';

const tags = ['files'];
const MAX_UPLOAD = Math.max(...Object.values(FILE_KINDS).map((k) => k.maxBytes));

export async function fileRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = deps;
  const preHandler = requireUser(db, deps.config);

  r.post(
    '/scaler/v3/files',
    {
      schema: {
        tags,
        summary: 'Upload an avatar or a license file (multipart: field `kind`, then `file`)',
        querystring: z.object({ kind: z.enum(['avatar', 'license']) }),
      },
      preHandler,
    },
    async (req) => {
      const part = await req.file({ limits: { fileSize: MAX_UPLOAD, files: 1 } });
      if (!part)
        throw new AppError('VALIDATION', {
          data: { fields: [{ path: 'file', message: 'validation.required' }] },
        });
      const bytes = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') return null;
        throw err;
      });
      return ok(
        await uploadFile({
          db,
          storage,
          actor: actorOf(req),
          kind: req.query.kind,
          bytes: bytes ?? Buffer.alloc(0),
          truncated: bytes === null || part.file.truncated,
          originalName: part.filename ?? '',
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
            org_id: z.coerce.number().int().positive().optional(),
            adv_id: z.coerce.number().int().positive().optional(),
          })
          .refine((q) => (q.org_id === undefined) !== (q.adv_id === undefined), {
            message: 'validation.invalid',
          }),
      },
      preHandler,
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
      const safeName = (file.originalName || req.params.file).replace(/[^\w.-]+/g, '_');
      return reply
        .type(file.mime)
        .header('content-disposition', `attachment; filename="${safeName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  );
}
