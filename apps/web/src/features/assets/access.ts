import { ADV_STATUS, advCan, type TSessionAdv } from '@scaler/domain';
import { useConsoleContext } from '../accounts/useConsoleContext';

export interface AssetAccess {
  canView: boolean;
  canEdit: boolean;
  /** Why the assets are read-only, when they are. */
  readOnlyReason: 'role' | 'status' | null;
}

/**
 * What the user may do with the assets of account `adv` as reached in center `org` (the routes call's
 * bounded `advs` always carry the URL's account with the role there): the same `advCan` rules the
 * server enforces.
 */
export function assetAccessOf(
  advs: readonly Pick<TSessionAdv, 'adv_id' | 'org_id' | 'adv_role' | 'status'>[],
  org: number | null,
  adv: number | null,
): AssetAccess {
  const account = advs.find((a) => a.adv_id === adv && a.org_id === org);
  if (!account) return { canView: false, canEdit: false, readOnlyReason: null };
  const access = { advRole: account.adv_role, advStatus: account.status };
  const canEdit = advCan(access, 'assets.edit');
  const roleMayEdit = advCan({ ...access, advStatus: ADV_STATUS.active }, 'assets.edit');
  return {
    canView: advCan(access, 'assets.view'),
    canEdit,
    readOnlyReason: canEdit ? null : roleMayEdit ? 'status' : 'role',
  };
}

/** The console context of the assets pages with the user's access to the account's assets. */
export function useAssetContext() {
  const ctx = useConsoleContext();
  return { ...ctx, access: assetAccessOf(ctx.orgAdvs, ctx.org, ctx.adv) };
}
