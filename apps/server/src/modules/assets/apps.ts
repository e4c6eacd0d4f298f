import {
  type AttributionPartner,
  type DownloadType,
  mayReadAssetSecrets,
  type Os,
  recordingStatus,
  type TAppDetail,
  type TAppEventsRequest,
  type TAppInfo,
  type TAppOption,
  type TAppRow,
  type TAssetEvent,
  type TCreateAppRequest,
  type TUpdateAppRequest,
} from '@scaler/domain';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { ReachableAdvertiser } from '../../access/org-access';
import type { Executor } from '../../db/client';
import { apps } from '../../db/schema';
import { AppError } from '../../http/errors';
import { recordActivity } from '../activity/service';
import { assertAvatarUploaded } from '../files/service';
import { loadEvents, replaceEvents, toAssetEvent } from './events';
import { eventCounts, findApp, listAppRecords } from './queries';
import { type AssetDeps, requireAssetAccess, uniqueOrExists } from './scope';
import { newAssetId, newPostbackToken } from './tokens';

type AppRecord = typeof apps.$inferSelect;

function toAppRow(app: AppRecord, eventCount: number, now = Date.now()): TAppRow {
  return {
    _id: app.id,
    adv_id: app.advId,
    name: app.name,
    icon: app.icon,
    bundle_id: app.bundleId,
    os: app.os as Os,
    download_type: app.downloadType as DownloadType,
    download_link: app.downloadLink,
    partner: app.partner as AttributionPartner,
    partner_app_id: app.partnerAppId,
    status: recordingStatus(app.lastEventAt, now),
    last_event_at: app.lastEventAt?.toISOString() ?? null,
    event_count: eventCount,
    created_at: app.createdAt.toISOString(),
    updated_at: app.updatedAt.toISOString(),
  };
}

/** The app as its page shows it; the postback secret only for a role that may change the app. */
async function appDetail(
  db: Executor,
  app: AppRecord,
  deps: AssetDeps,
  adv: ReachableAdvertiser,
): Promise<TAppDetail> {
  const events = (await loadEvents(db, 'app', [app.id])).get(app.id) ?? [];
  return {
    ...toAppRow(app, events.length),
    partner_click_url: app.partnerClickUrl,
    partner_impression_url: app.partnerImpressionUrl,
    postback_token: mayReadAssetSecrets(adv.adv_role) ? app.postbackToken : null,
    events: events.map((e) => toAssetEvent('app', e, deps.locale)),
  };
}

const appColumns = (input: Omit<TUpdateAppRequest, '_id'>) => ({
  name: input.name,
  icon: input.icon,
  bundleId: input.bundle_id,
  os: input.os,
  downloadType: input.download_type,
  downloadLink: input.download_link,
  partner: input.partner,
  partnerAppId: input.partner_app_id,
  partnerClickUrl: input.partner_click_url,
  partnerImpressionUrl: input.partner_impression_url,
});

/** What the activity log keeps of an app. */
const snapshot = (a: AppRecord) => ({
  name: a.name,
  bundle_id: a.bundleId,
  os: a.os,
  download_type: a.downloadType,
  download_link: a.downloadLink,
  partner: a.partner,
  partner_app_id: a.partnerAppId,
});

/** Another app of the account with the same platform and bundle: "item already exists". */
async function assertBundleFree(db: Executor, advId: number, os: number, bundleId: string, except?: string) {
  const [clash] = await db
    .select({ id: apps.id })
    .from(apps)
    .where(
      and(
        eq(apps.advId, advId),
        eq(apps.os, os),
        eq(apps.bundleId, bundleId),
        except ? ne(apps.id, except) : undefined,
      ),
    );
  if (clash) throw new AppError('ASSET_EXISTS');
}

/** The apps of the account (cards/app and the events home), newest first. */
export async function listApps(
  deps: AssetDeps & { q?: string; status?: number; os?: number; page: number; pageSize: number },
): Promise<{ list: TAppRow[]; total: number }> {
  const adv = await requireAssetAccess(deps, 'assets.view');
  const { rows, total } = await listAppRecords(deps.db, { ...deps, advId: adv.adv_id });
  const counts = await eventCounts(
    deps.db,
    'app',
    rows.map((r) => r.id),
  );
  return { list: rows.map((r) => toAppRow(r, counts.get(r.id) ?? 0)), total };
}

export async function getApp(deps: AssetDeps & { appId: string }): Promise<TAppDetail> {
  const adv = await requireAssetAccess(deps, 'assets.view');
  return appDetail(deps.db, await findApp(deps.db, adv.adv_id, deps.appId), deps, adv);
}

export async function createApp(deps: AssetDeps & { input: TCreateAppRequest }): Promise<TAppDetail> {
  return uniqueOrExists(() =>
    deps.db.transaction(async (tx) => {
      const adv = await requireAssetAccess(deps, 'assets.edit', tx);
      const { input } = deps;
      await assertAvatarUploaded(tx, input.icon);
      await assertBundleFree(tx, adv.adv_id, input.os, input.bundle_id);
      const [app] = await tx
        .insert(apps)
        .values({
          ...appColumns(input),
          id: newAssetId(),
          advId: adv.adv_id,
          postbackToken: newPostbackToken(),
          createdBy: deps.actor.userId,
        })
        .returning();
      await replaceEvents(tx, { kind: 'app', assetId: app.id, advId: adv.adv_id, events: input.events });
      await recordActivity(tx, {
        orgId: adv.org_id,
        actor: deps.actor,
        action: 'app.create',
        objectType: 'app',
        objectId: app.id,
        after: snapshot(app),
      });
      return appDetail(tx, app, deps, adv);
    }),
  );
}

export async function updateApp(deps: AssetDeps & { input: TUpdateAppRequest }): Promise<TAppDetail> {
  return uniqueOrExists(() =>
    deps.db.transaction(async (tx) => {
      const adv = await requireAssetAccess(deps, 'assets.edit', tx);
      const { input } = deps;
      const before = await findApp(tx, adv.adv_id, input._id, true);
      if (input.icon !== before.icon) await assertAvatarUploaded(tx, input.icon);
      await assertBundleFree(tx, adv.adv_id, input.os, input.bundle_id, before.id);
      const [after] = await tx
        .update(apps)
        .set({ ...appColumns(input), updatedAt: new Date() })
        .where(eq(apps.id, before.id))
        .returning();
      await recordActivity(tx, {
        orgId: adv.org_id,
        actor: deps.actor,
        action: 'app.update',
        objectType: 'app',
        objectId: after.id,
        before: snapshot(before),
        after: snapshot(after),
      });
      return appDetail(tx, after, deps, adv);
    }),
  );
}

/** A new postback secret: postbacks carrying the old one are refused from now on. */
export async function rotatePostbackToken(deps: AssetDeps & { appId: string }): Promise<TAppDetail> {
  return deps.db.transaction(async (tx) => {
    const adv = await requireAssetAccess(deps, 'assets.edit', tx);
    const before = await findApp(tx, adv.adv_id, deps.appId, true);
    const [after] = await tx
      .update(apps)
      .set({ postbackToken: newPostbackToken(), updatedAt: new Date() })
      .where(eq(apps.id, before.id))
      .returning();
    await recordActivity(tx, {
      orgId: adv.org_id,
      actor: deps.actor,
      action: 'app.postback_token',
      objectType: 'app',
      objectId: after.id,
    });
    return appDetail(tx, after, deps, adv);
  });
}

/** PUT /scaler/v3/app/event: the app's events become exactly the given ones. */
export async function setAppEvents(deps: AssetDeps & { input: TAppEventsRequest }): Promise<TAssetEvent[]> {
  return uniqueOrExists(() =>
    deps.db.transaction(async (tx) => {
      const adv = await requireAssetAccess(deps, 'assets.edit', tx);
      const app = await findApp(tx, adv.adv_id, deps.input.app_id, true);
      const before = (await loadEvents(tx, 'app', [app.id])).get(app.id) ?? [];
      const change = await replaceEvents(tx, {
        kind: 'app',
        assetId: app.id,
        advId: adv.adv_id,
        events: deps.input.events,
      });
      const after = (await loadEvents(tx, 'app', [app.id])).get(app.id) ?? [];
      if (change.added + change.removed > 0) {
        await tx.update(apps).set({ updatedAt: new Date() }).where(eq(apps.id, app.id));
      }
      await recordActivity(tx, {
        orgId: adv.org_id,
        actor: deps.actor,
        action: 'app.events',
        objectType: 'app',
        objectId: app.id,
        before: { events: before.map((e) => e.eventId) },
        after: { events: after.map((e) => e.eventId) },
      });
      return after.map((e) => toAssetEvent('app', e, deps.locale));
    }),
  );
}

/** GET /scaler/v3/utils/apps: every app of the account, for pickers. */
export async function appOptions(deps: AssetDeps): Promise<TAppOption[]> {
  const adv = await requireAssetAccess(deps, 'assets.view');
  const rows = await deps.db.select().from(apps).where(eq(apps.advId, adv.adv_id)).orderBy(asc(apps.name));
  return rows.map((a) => ({
    _id: a.id,
    name: a.name,
    icon: a.icon,
    bundle_id: a.bundleId,
    os: a.os as Os,
    partner: a.partner as AttributionPartner,
    status: recordingStatus(a.lastEventAt),
  }));
}

/** GET /scaler/v3/utils/app_events?app_id=. */
export async function appEventList(deps: AssetDeps & { appId: string }): Promise<TAssetEvent[]> {
  return (await getApp(deps)).events;
}

/** GET /scaler/v3/utils/app_info?app_id=: what an ad group needs to promote the app. */
export async function appInfo(deps: AssetDeps & { appId: string }): Promise<TAppInfo> {
  const app = await getApp(deps);
  return {
    _id: app._id,
    name: app.name,
    icon: app.icon,
    bundle_id: app.bundle_id,
    os: app.os,
    download_type: app.download_type,
    download_link: app.download_link,
    partner: app.partner,
    partner_app_id: app.partner_app_id,
    events: app.events,
  };
}
