import type { TActivity } from '@scaler/domain';

/** A translator: the component passes i18next's `t`, tests a fake. */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The object types of the log's filter. */
export const OBJECT_TYPES = [
  'member',
  'invitation',
  'advertiser',
  'partner',
  'center',
  'verification',
  'app',
  'pixel',
  'api_source',
] as const;

/** The action codes the console knows a sentence for (anything else reads generically). */
export const KNOWN_ACTIONS = [
  'member.invite',
  'member.invite_resend',
  'member.invite_cancel',
  'member.role',
  'member.remove',
  'member.accounts',
  'member.join',
  'account.create',
  'account.update',
  'account.resubmit',
  'account.close',
  'account.markup',
  'account.markup_remove',
  'account.members',
  'partner.add',
  'partner.share',
  'partner.remove',
  'partner.request',
  'partner.request_received',
  'partner.request_accept',
  'partner.request_accepted',
  'partner.request_decline',
  'partner.request_declined',
  'partner.request_cancel',
  'partner.request_cancelled',
  'center.update',
  'center.commission',
  'center.verify_submit',
  'review.center_approve',
  'review.center_reject',
  'review.account_1',
  'review.account_2',
  'review.account_3',
  'review.account_4',
  'app.create',
  'app.update',
  'app.events',
  'app.postback_token',
  'pixel.create',
  'pixel.update',
  'pixel.delete',
  'pixel.reset',
  'api_source.create',
  'api_source.update',
  'api_source.rotate',
  'api_source.revoke',
] as const;

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;
const len = (value: unknown): number => (Array.isArray(value) ? value.length : 0);

/**
 * The readable sentence of an entry ("invited a@b.com as Standard") and the reviewer's reason, if any.
 * Names come from the entry: its snapshots (as they were) or its `object_label` (as they are now).
 */
export function describeActivity(
  activity: Pick<TActivity, 'action' | 'object_type' | 'object_id' | 'object_label' | 'before' | 'after'>,
  t: Translate,
): { text: string; reason?: string } {
  const before = activity.before ?? {};
  const after = activity.after ?? {};
  const id = activity.object_id;
  const role = (value: unknown) => (str(value) ? t(`common:org_role.${value}`) : t('overview:someone.role'));
  const named = (name: string | undefined) => (name ? `${name} (${id})` : `#${id}`);
  const label = str(activity.object_label);
  const params: Record<string, unknown> = {
    id,
    email: str(after.email) ?? str(before.email) ?? label ?? `#${id}`,
    role: role(after.org_role),
    from: role(before.org_role),
    to: role(after.org_role),
    member: label ?? t('overview:someone.member'),
    account: named(str(after.adv_name) ?? str(before.adv_name) ?? label),
    partner: named(str(after.org_name) ?? label),
    count: len(after.advs ?? after.members),
    asset: named(str(after.name) ?? str(before.name)),
    ratio: typeof after.ratio === 'number' ? `${Number((after.ratio * 100).toFixed(2))}%` : '',
  };
  const known = (KNOWN_ACTIONS as readonly string[]).includes(activity.action);
  const text = known
    ? t(`overview:action.${activity.action}`, params)
    : t('overview:action.unknown', {
        action: activity.action,
        type: t(`overview:object_type.${activity.object_type}`, { defaultValue: activity.object_type }),
        id,
      });
  return { text, reason: activity.action.startsWith('review.') ? str(after.reason) : undefined };
}
