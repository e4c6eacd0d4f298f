import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCount } from './AudienceLabel';
import { useAudienceReach } from './api';

/**
 * The reach line under the pickers (`adgroup/check/audience`): included people not in an excluded
 * audience, each person counted once.
 */
export function AudienceReach({
  adv,
  include,
  exclude,
  version,
  explicit,
}: {
  adv: number | null;
  include: readonly number[];
  exclude: readonly number[];
  /** Statuses and sizes of the chosen audiences (a rebuilt one changes the reach). */
  version: string | null;
  explicit: boolean;
}) {
  const { t, i18n } = useTranslation('audiences');
  const reach = useAudienceReach(adv, include, exclude, version, explicit);
  const n = (v: number) => formatCount(v, i18n.language);
  let text: string;
  if (include.length + exclude.length === 0) text = t('reach.none');
  else if (reach.isError) text = t('reach.failed');
  else if (!reach.data) text = t('reach.loading');
  else if (reach.data.reach === null) text = t('reach.excluded_only', { exclude: n(reach.data.exclude) });
  else {
    text = t('reach.estimate', {
      reach: n(reach.data.reach),
      include: n(reach.data.include),
      exclude: n(reach.data.exclude),
    });
  }
  return (
    <Typography.Text type="secondary" aria-live="polite" data-testid="audience-reach">
      {text}
    </Typography.Text>
  );
}
