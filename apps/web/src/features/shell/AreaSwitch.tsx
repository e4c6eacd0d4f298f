import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { withContext } from '../../lib/context';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { firstMenuPath, type MenuArea } from './menuItems';

/** Advertising (when the ads menu has entries) and Business Center. */
export function AreaSwitch({ area }: { area: MenuArea }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { menus, org, adv } = useConsoleContext();
  const adsPath = firstMenuPath(menus.ads);
  const managePath = firstMenuPath(menus.manage) ?? '/manage/overview';
  const options = [
    ...(adsPath ? [{ value: 'ads' as const, label: t('area.ads') }] : []),
    { value: 'manage' as const, label: t('area.manage') },
  ];
  const go = (next: MenuArea) => {
    const path = next === 'ads' ? adsPath : managePath;
    if (path) navigate(withContext(path, { org, adv: next === 'ads' ? adv : undefined }));
  };
  return <Segmented<MenuArea> value={area} options={options} onChange={go} />;
}
