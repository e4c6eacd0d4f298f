import {
  CREATIVE_FRAME_PATH,
  MATERIAL_ROLES,
  ZAssignCreativesRequest,
  ZCreativeDetail,
  ZCreativeGalleryPage,
  ZCreativeGalleryQuery,
  ZCreativeIdsRequest,
  ZCreativeInput,
  ZCreativeMaterial,
  ZCreativeReviewItem,
  ZCreativeReviewRequest,
  ZIdParam,
  ZNull,
} from '@scaler/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { actorOf, PUBLIC_ROUTE } from '../../http/auth';
import { ok, replies } from '../../http/envelope';
import { VIEWER_ROUTE } from '../../http/viewer';
import { requireAds } from '../account-scope/scope';
import { readUpload } from '../files/routes';
import {
  assignCreatives,
  type CreativeDeps,
  commitCreatives,
  creativeGallery,
  creativeQueue,
  getCreative,
  listCreatives,
  reviewCreative,
  saveCreative,
} from './creatives';
import { MATERIAL_MAX_BYTES, uploadMaterial } from './materials';

const tags = ['campaigns'];

/**
 * The page an HTML creative's markup is written into: it waits for one message from the console (the
 * markup) and replaces itself with it, then tells the console it is ready for nothing more.
 */
const CREATIVE_FRAME_HTML =
  '<!doctype html><meta charset="utf-8"><script>' +
  "addEventListener('message',function(e){if(typeof e.data!=='string')return;" +
  'document.open();document.write(e.data);document.close();},{once:true});' +
  '</script>';

/** Creatives, their materials and the operators' creative review (spec 7, decisions 1). */
export async function creativeRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = deps;
  type Req = Parameters<typeof actorOf>[0];
  const ctx = (req: Req): CreativeDeps => ({
    db,
    actor: actorOf(req),
    orgId: req.ctx.orgId,
    advId: req.ctx.advId,
    locale: req.ctx.language,
    timezone: req.ctx.timezone,
    reportType: req.ctx.reportType,
    mark: req.ctx.mark,
    storage,
    publicUrl: deps.config.publicUrl,
  });

  // The frame HTML creatives are shown in (`CREATIVE_FRAME_PATH`): the console frames it with
  // `sandbox="allow-scripts"` and posts the creative's markup to it. Its own policy lets that markup run
  // its scripts and load its resources, in an opaque origin (the CSP `sandbox`), framed only by the console.
  app.get(CREATIVE_FRAME_PATH, { schema: { hide: true }, config: PUBLIC_ROUTE }, async (_req, reply) => {
    reply
      .header(
        'content-security-policy',
        "sandbox allow-scripts; default-src * data: blob: 'unsafe-inline' 'unsafe-eval'; frame-ancestors 'self'",
      )
      .header('x-frame-options', 'SAMEORIGIN')
      .header('cache-control', 'public, max-age=3600')
      .type('text/html; charset=utf-8');
    return CREATIVE_FRAME_HTML;
  });

  r.post(
    '/scaler/v3/creative/material',
    {
      schema: {
        tags,
        summary: 'Upload a creative material (multipart: one part `file`); measured from its bytes',
        description:
          'Images: dimensions with image-size, re-encoded. Videos (MP4): duration, size and bitrate read by a bounded MP4 reader in a worker; the validated boxes are stored. ' +
          'Checked against the creative limits of the domain; counts against the upload quota.',
        querystring: z.object({ role: z.enum(MATERIAL_ROLES), native: z.enum(['0', '1']).default('0') }),
        response: replies(ZCreativeMaterial),
      },
      // Up to 60 MB: the account is checked before a byte of it is read. A heavy call: one user's uploads
      // take at most their share of the media workers (`http/heavy-calls.ts`).
      config: { account: 'ads.edit', heavy: true },
    },
    async (req) => {
      const c = ctx(req);
      const adv = await requireAds(c, 'ads.edit');
      const upload = await readUpload(req, MATERIAL_MAX_BYTES);
      return ok(
        await uploadMaterial({
          db,
          storage,
          actor: c.actor,
          advId: adv.adv_id,
          role: req.query.role,
          forNative: req.query.native === '1',
          quota: deps.config.uploadQuota,
          media: deps.media,
          ...upload,
        }),
      );
    },
  );

  r.get(
    '/scaler/v3/creative/gallery',
    {
      schema: {
        tags,
        summary: "A page of the account's creatives with their previews (the creative viewer's page)",
        querystring: ZCreativeGalleryQuery,
        response: replies(ZCreativeGalleryPage),
      },
      config: VIEWER_ROUTE,
    },
    async (req) => ok(await creativeGallery({ ...ctx(req), query: req.query })),
  );

  r.get(
    '/scaler/v3/creative',
    {
      schema: {
        tags,
        summary: 'The creatives of an ad group',
        querystring: z.object({ adgroup_id: ZIdParam }),
        response: replies(z.array(ZCreativeDetail)),
      },
    },
    async (req) => ok(await listCreatives({ ...ctx(req), adgroupId: req.query.adgroup_id })),
  );

  r.get(
    '/scaler/v3/creative/info',
    {
      schema: {
        tags,
        summary: 'One creative',
        querystring: z.object({ creative_id: ZIdParam }),
        response: replies(ZCreativeDetail),
      },
    },
    async (req) => ok(await getCreative({ ...ctx(req), creativeId: req.query.creative_id })),
  );

  r.put(
    '/scaler/v3/creative',
    {
      schema: {
        tags,
        summary: 'Create (no creative_id) or edit a creative; `submit` sends it to review',
        body: ZCreativeInput,
        response: replies(ZCreativeDetail),
      },
    },
    async (req) => ok(await saveCreative({ ...ctx(req), input: req.body })),
  );

  r.post(
    '/scaler/v3/creative/commit',
    {
      schema: {
        tags,
        summary: 'Submit draft or rejected creatives for review',
        body: ZCreativeIdsRequest,
        response: replies(z.object({ updated: z.number().int() })),
      },
    },
    async (req) => ok(await commitCreatives({ ...ctx(req), ids: req.body.creative_ids })),
  );

  r.post(
    '/scaler/v3/creatives/assign',
    {
      schema: {
        tags,
        summary: 'Copy creatives into other ad groups of the account',
        body: ZAssignCreativesRequest,
        response: replies(z.object({ created: z.number().int() })),
      },
    },
    async (req) =>
      ok(
        await assignCreatives({
          ...ctx(req),
          creativeIds: req.body.creative_ids,
          adgroupIds: req.body.adgroup_ids,
        }),
      ),
  );

  r.get(
    '/scaler/sa/creatives',
    {
      schema: {
        tags: ['operator'],
        summary: 'Creative review queue (platform operators)',
        querystring: z.object({ status: z.enum(['review', 'approved', 'rejected']).default('review') }),
        response: replies(z.array(ZCreativeReviewItem)),
      },
    },
    async (req) => ok(await creativeQueue({ db, actor: actorOf(req), status: req.query.status })),
  );

  r.post(
    '/scaler/sa/creatives/:creative_id/review',
    {
      schema: {
        tags: ['operator'],
        summary: 'Approve or reject a creative (reason code 1000–1010; a text for 1000)',
        params: z.object({ creative_id: ZIdParam }),
        body: ZCreativeReviewRequest,
        response: replies(ZNull),
      },
    },
    async (req) =>
      ok(
        await reviewCreative({
          db,
          actor: actorOf(req),
          creativeId: req.params.creative_id,
          input: req.body,
        }),
      ),
  );
}
