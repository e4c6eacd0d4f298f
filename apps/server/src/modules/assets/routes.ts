import {
  ZApiSource,
  ZApiSourceIdRequest,
  ZApiSourceQuery,
  ZApiSourceWithToken,
  ZAppDetail,
  ZAppEventsRequest,
  ZAppList,
  ZAppQuery,
  ZAppReportQuery,
  ZAssetEvent,
  ZCreateApiSourceRequest,
  ZCreateAppRequest,
  ZCreatePixelRequest,
  ZCreatePixelResponse,
  ZDeletePixelRequest,
  ZEventReport,
  ZNull,
  ZObjectId,
  ZPixelDetail,
  ZPixelEventStatus,
  ZPixelIdQuery,
  ZPixelList,
  ZPixelQuery,
  ZPixelReportQuery,
  ZPixelStatis,
  ZResetPixelRequest,
  ZUpdateApiSourceRequest,
  ZUpdateAppRequest,
  ZUpdatePixelRequest,
} from '@scaler/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../http/auth';
import { ok, replies } from '../../http/envelope';
import { HEAVY_CALL } from '../../http/heavy-calls';
import {
  createApiSource,
  listApiSources,
  renameApiSource,
  revokeApiSource,
  rotateApiToken,
} from './api-sources';
import { createApp, getApp, listApps, rotatePostbackToken, setAppEvents, updateApp } from './apps';
import {
  createPixel,
  deletePixel,
  getPixel,
  listPixels,
  pixelEventStatus,
  resetPixel,
  updatePixel,
} from './pixels';
import { appEventReport, pixelEventReport, pixelEventStatis } from './reports';
import type { AssetDeps } from './scope';
import { assetUtilRoutes } from './utils-routes';

const tags = ['assets'];

/** Apps, pixels and API sources of the account in the `adv-id` header (spec 7 "Assets"). */
export async function assetRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  type Req = Parameters<typeof actorOf>[0];
  const ctx = (req: Req): AssetDeps => ({
    db,
    actor: actorOf(req),
    orgId: req.ctx.orgId,
    advId: req.ctx.advId,
    locale: req.ctx.language,
  });

  r.get(
    '/scaler/v3/app',
    {
      schema: {
        tags,
        summary: 'Apps of the account, or one app with `_id`',
        querystring: ZAppQuery,
        response: replies(z.union([ZAppList, ZAppDetail])),
      },
    },
    async (req) => {
      const { _id, page_size, ...filter } = req.query;
      if (_id) return ok(await getApp({ ...ctx(req), appId: _id }));
      return ok(await listApps({ ...ctx(req), ...filter, pageSize: page_size }));
    },
  );

  r.post(
    '/scaler/v3/app',
    {
      schema: { tags, summary: 'Register an app', body: ZCreateAppRequest, response: replies(ZAppDetail) },
    },
    async (req) => ok(await createApp({ ...ctx(req), input: req.body })),
  );

  r.put(
    '/scaler/v3/app',
    {
      schema: { tags, summary: 'Edit an app', body: ZUpdateAppRequest, response: replies(ZAppDetail) },
    },
    async (req) => ok(await updateApp({ ...ctx(req), input: req.body })),
  );

  r.post(
    '/scaler/v3/app/postback_token',
    {
      schema: {
        tags,
        summary: 'New postback secret of an app',
        body: z.object({ _id: ZObjectId }),
        response: replies(ZAppDetail),
      },
    },
    async (req) => ok(await rotatePostbackToken({ ...ctx(req), appId: req.body._id })),
  );

  r.put(
    '/scaler/v3/app/event',
    {
      schema: {
        tags,
        summary: 'Set the events of an app',
        body: ZAppEventsRequest,
        response: replies(z.array(ZAssetEvent)),
      },
    },
    async (req) => ok(await setAppEvents({ ...ctx(req), input: req.body })),
  );

  const report = (req: Req, range: { start_date: string; end_date: string }) => ({
    ...ctx(req),
    startDate: range.start_date,
    endDate: range.end_date,
    tzMinutes: req.ctx.timezone,
    basis: req.ctx.reportType,
  });

  r.get(
    '/scaler/v3/app/event/report1',
    {
      schema: {
        tags,
        summary: 'Events of an app per day',
        querystring: ZAppReportQuery,
        response: replies(ZEventReport),
      },
      config: HEAVY_CALL,
    },
    async (req) => ok(await appEventReport({ ...report(req, req.query), appId: req.query.app_id })),
  );

  r.get(
    '/scaler/v3/pixel/event/report1',
    {
      schema: {
        tags,
        summary: 'Events of a pixel per day',
        querystring: ZPixelReportQuery,
        response: replies(ZEventReport),
      },
      config: HEAVY_CALL,
    },
    async (req) => ok(await pixelEventReport({ ...report(req, req.query), pixelId: req.query.pixel_id })),
  );

  r.get(
    '/scaler/v3/pixel/event/statis',
    {
      schema: {
        tags,
        summary: 'Totals of a pixel per event and day',
        querystring: ZPixelReportQuery,
        response: replies(ZPixelStatis),
      },
      config: HEAVY_CALL,
    },
    async (req) => ok(await pixelEventStatis({ ...report(req, req.query), pixelId: req.query.pixel_id })),
  );

  r.get(
    '/scaler/v3/pixel',
    {
      schema: {
        tags,
        summary: 'Pixels of the account, or one pixel with `_id`',
        querystring: ZPixelQuery,
        response: replies(z.union([ZPixelList, ZPixelDetail])),
      },
    },
    async (req) => {
      const { _id, page_size, ...filter } = req.query;
      if (_id) return ok(await getPixel({ ...ctx(req), pixelId: _id }));
      return ok(await listPixels({ ...ctx(req), ...filter, pageSize: page_size }));
    },
  );

  r.post(
    '/scaler/v3/pixel',
    {
      schema: {
        tags,
        summary: 'Create a pixel (mode 2: with its API token)',
        body: ZCreatePixelRequest,
        response: replies(ZCreatePixelResponse),
      },
    },
    async (req) => ok(await createPixel({ ...ctx(req), input: req.body })),
  );

  r.put(
    '/scaler/v3/pixel',
    {
      schema: {
        tags,
        summary: 'Edit a pixel and its events',
        body: ZUpdatePixelRequest,
        response: replies(ZPixelDetail),
      },
    },
    async (req) => ok(await updatePixel({ ...ctx(req), input: req.body })),
  );

  r.delete(
    '/scaler/v3/pixel',
    {
      schema: {
        tags,
        summary: 'Delete a pixel (statistics are kept)',
        body: ZDeletePixelRequest,
        response: replies(ZNull),
      },
    },
    async (req) => {
      await deletePixel({ ...ctx(req), pixelId: req.body._id });
      return ok(null);
    },
  );

  r.get(
    '/scaler/v3/pixel/event/status',
    {
      schema: {
        tags,
        summary: 'Installation and recording status of a pixel',
        querystring: ZPixelIdQuery,
        response: replies(ZPixelEventStatus),
      },
    },
    async (req) => ok(await pixelEventStatus({ ...ctx(req), pixelId: req.query.pixel_id })),
  );

  r.post(
    '/scaler/ex/reset_pixel',
    {
      schema: {
        tags,
        summary: 'Clear installation and recording status, keep statistics',
        body: ZResetPixelRequest,
        response: replies(ZPixelDetail),
      },
    },
    async (req) => ok(await resetPixel({ ...ctx(req), pixelId: req.body.pixel_id })),
  );

  r.get(
    '/scaler/v3/api_source',
    {
      schema: {
        tags,
        summary: 'Live API event sources',
        querystring: ZApiSourceQuery,
        response: replies(z.array(ZApiSource)),
      },
    },
    async (req) => ok(await listApiSources({ ...ctx(req), pixelId: req.query.pixel_id })),
  );

  r.post(
    '/scaler/v3/api_source',
    {
      schema: {
        tags,
        summary: 'API access for a pixel; answers the token once',
        body: ZCreateApiSourceRequest,
        response: replies(ZApiSourceWithToken),
      },
    },
    async (req) =>
      ok(await createApiSource({ ...ctx(req), pixelId: req.body.pixel_id, name: req.body.name })),
  );

  r.put(
    '/scaler/v3/api_source',
    {
      schema: {
        tags,
        summary: 'Rename an API source',
        body: ZUpdateApiSourceRequest,
        response: replies(ZApiSource),
      },
    },
    async (req) => ok(await renameApiSource({ ...ctx(req), sourceId: req.body._id, name: req.body.name })),
  );

  r.post(
    '/scaler/v3/api_source/rotate',
    {
      schema: {
        tags,
        summary: 'New token for an API source; answers it once',
        body: ZApiSourceIdRequest,
        response: replies(ZApiSourceWithToken),
      },
    },
    async (req) => ok(await rotateApiToken({ ...ctx(req), sourceId: req.body._id })),
  );

  r.delete(
    '/scaler/v3/api_source',
    {
      schema: {
        tags,
        summary: 'Revoke an API source',
        body: ZApiSourceIdRequest,
        response: replies(ZNull),
      },
    },
    async (req) => {
      await revokeApiSource({ ...ctx(req), sourceId: req.body._id });
      return ok(null);
    },
  );

  await assetUtilRoutes(app, deps);
}
