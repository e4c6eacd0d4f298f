import {
  type Locale,
  PIXEL_CONVERSION_TYPES,
  PIXEL_TYPE_EVENTS,
  STANDARD_EVENTS_VERSION,
  standardEvents,
  type TPixelTypeEvents,
  type TStandardEventList,
  ZAppIdQuery,
  ZAppInfo,
  ZAppOption,
  ZAssetEvent,
  ZPixelIdQuery,
  ZPixelOption,
  ZPixelTypeEvents,
  ZStandardEventList,
} from '@scaler/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../http/auth';
import { ok, replies } from '../../http/envelope';
import { appEventList, appInfo, appOptions } from './apps';
import { pixelEventList, pixelOptions } from './pixels';
import type { AssetDeps } from './scope';

const tags = ['assets'];

const standardEventList = (kind: 'web' | 'app', locale: Locale): TStandardEventList => ({
  version: STANDARD_EVENTS_VERSION,
  list: standardEvents(kind, locale),
});

/** The standard event lists (spec 7 "Events") and the asset pickers of spec 7 "Utils". */
export async function assetUtilRoutes(app: FastifyInstance, deps: AppDeps) {
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
    '/scaler/ex/utils/standard_web_event',
    { schema: { tags, summary: 'Standard web events', response: replies(ZStandardEventList) } },
    async (req) => ok(standardEventList('web', req.ctx.language)),
  );

  r.get(
    '/scaler/ex/utils/standard_event',
    { schema: { tags, summary: 'Standard app events', response: replies(ZStandardEventList) } },
    async (req) => ok(standardEventList('app', req.ctx.language)),
  );

  r.get(
    '/scaler/v3/utils/pixel_type_events',
    {
      schema: {
        tags,
        summary: 'Suggested standard web events per conversion type',
        response: replies(ZPixelTypeEvents),
      },
    },
    async (req) => {
      const all = standardEvents('web', req.ctx.language);
      const list: TPixelTypeEvents = PIXEL_CONVERSION_TYPES.map((t) => ({
        conversion_type: t,
        events: all.filter((e) => (PIXEL_TYPE_EVENTS[t] as readonly string[]).includes(e.event_type)),
      }));
      return ok(list);
    },
  );

  r.get(
    '/scaler/v3/utils/apps',
    { schema: { tags, summary: 'Apps for pickers', response: replies(z.array(ZAppOption)) } },
    async (req) => ok(await appOptions(ctx(req))),
  );

  r.get(
    '/scaler/v3/utils/pixels',
    { schema: { tags, summary: 'Pixels for pickers', response: replies(z.array(ZPixelOption)) } },
    async (req) => ok(await pixelOptions(ctx(req))),
  );

  r.get(
    '/scaler/v3/utils/pixel_events',
    {
      schema: {
        tags,
        summary: 'Events of a pixel',
        querystring: ZPixelIdQuery,
        response: replies(z.array(ZAssetEvent)),
      },
    },
    async (req) => ok(await pixelEventList({ ...ctx(req), pixelId: req.query.pixel_id })),
  );

  r.get(
    '/scaler/v3/utils/app_events',
    {
      schema: {
        tags,
        summary: 'Events of an app',
        querystring: ZAppIdQuery,
        response: replies(z.array(ZAssetEvent)),
      },
    },
    async (req) => ok(await appEventList({ ...ctx(req), appId: req.query.app_id })),
  );

  r.get(
    '/scaler/v3/utils/app_info',
    {
      schema: {
        tags,
        summary: 'What an ad group needs of an app',
        querystring: ZAppIdQuery,
        response: replies(ZAppInfo),
      },
    },
    async (req) => ok(await appInfo({ ...ctx(req), appId: req.query.app_id })),
  );
}
