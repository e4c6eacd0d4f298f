import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/**
 * Publishers live in two kinds of lists: each ad group's own allow or block list (what delivery uses;
 * the bundle report's "Add to block list" adds there) and the saved lists of the publisher lists page
 * (named sets copied into ad groups' lists when applied). Both places show both.
 */

/** "2 publishers added to 1 ad group": each count with its own plural form. */
export function addedMessage(t: TFunction<'reports'>, res: { added: number; updated: number }): string {
  return t('bundle.added', {
    publishers: t('bundle.publishers', { count: res.added }),
    adgroups: t('bundle.adgroup_count', { count: res.updated }),
  });
}

/** Under the ad group picker: what the action changes, and where the saved lists are. */
export function ListKindsHint({ mode }: { mode: 1 | 2 }) {
  const { t } = useTranslation('reports');
  const { search } = useLocation();
  const keep = new URLSearchParams(
    [...new URLSearchParams(search)].filter(([k]) => k === 'org' || k === 'adv'),
  ).toString();
  return (
    <>
      {t(mode === 2 ? 'bundle.block_hint' : 'bundle.allow_hint')}{' '}
      <Link to={`/report/bundle/manage${keep ? `?${keep}` : ''}`}>{t('lists.see_all')}</Link>
    </>
  );
}
