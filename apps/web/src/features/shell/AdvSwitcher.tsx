import { ADV_STATUS, type TSessionRoutes } from '@scaler/domain';
import { App, Badge, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { withContext } from '../../lib/context';

type Adv = TSessionRoutes['advs'][number];

export interface AdvSwitcherProps {
  advs: readonly Adv[];
  current: number | null;
  /** Where the new page loads: the current URL with the adv replaced; the org stays. */
  currentHref: string;
}

/** Only active accounts can be chosen; switching reloads the page with the new `adv` (spec 4). */
export function AdvSwitcher({ advs, current, currentHref }: AdvSwitcherProps) {
  const { t } = useTranslation(['shell', 'common']);
  const { message } = App.useApp();
  if (advs.length === 0) return null;

  const choose = (advId: number) => {
    if (advId === current) return;
    const adv = advs.find((a) => a.adv_id === advId);
    if (!adv || adv.status !== ADV_STATUS.active) {
      message.warning(t('shell:adv_switcher.status_error'));
      return;
    }
    window.location.replace(withContext(currentHref, { adv: advId }));
  };

  return (
    <Select<number>
      aria-label={t('shell:adv_switcher.label')}
      placeholder={t('shell:adv_switcher.placeholder')}
      value={current ?? undefined}
      onChange={choose}
      showSearch={{ optionFilterProp: 'search' }}
      style={{ width: 240 }}
      popupMatchSelectWidth={300}
      options={advs.map((a) => ({
        value: a.adv_id,
        search: `${a.adv_name} ${a.adv_id}`,
        label: (
          <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {a.adv_name} <span style={{ color: 'var(--ant-color-text-tertiary)' }}>{a.adv_id}</span>
            </span>
            {a.status !== ADV_STATUS.active && (
              <Badge
                status={a.status === ADV_STATUS.review ? 'processing' : 'error'}
                text={t(`common:adv_status.${a.status}`)}
              />
            )}
          </span>
        ),
      }))}
    />
  );
}
