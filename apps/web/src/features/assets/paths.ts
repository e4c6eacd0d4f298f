import { OBJECT_ID_RE } from '@scaler/domain';
import { withContext } from '../../lib/context';

export const ASSETS_HOME = '/assets/events';
export type CardsKind = 'app' | 'pixel' | 'api';

/** Console paths of the assets pages, with the org and account of the page they are linked from. */
export const assetPaths = {
  home: (org: number | null, adv: number | null) => withContext(ASSETS_HOME, { org, adv }),
  cards: (kind: CardsKind, org: number | null, adv: number | null) =>
    withContext(`${ASSETS_HOME}/cards/${kind}`, { org, adv }),
  /** `api`: the API event source page of a pixel (its id is the pixel's id). */
  detail: (kind: CardsKind, id: string, org: number | null, adv: number | null) =>
    withContext(`${ASSETS_HOME}/${kind}/${id}`, { org, adv }),
};

/** A path's id that can name an asset at all; any other (`/assets/events/app/none`) is simply not found. */
export const isAssetId = (id: string) => OBJECT_ID_RE.test(id);
