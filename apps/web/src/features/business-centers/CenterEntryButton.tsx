import { ORG_STATUS, type TOrgSummary } from '@scaler/domain';
import { Button, type ButtonProps, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { orgEntryPath } from './orgEntry';

/** "Open" for active centers, "Business settings" for those awaiting verification, disabled otherwise. */
export function CenterEntryButton({ org, size }: { org: TOrgSummary; size?: ButtonProps['size'] }) {
  const { t } = useTranslation('business-centers');
  const navigate = useNavigate();
  const entry = orgEntryPath(org);
  if (!entry)
    return (
      <Tooltip title={t('select.not_openable')}>
        <Button size={size} disabled>
          {t('select.open')}
        </Button>
      </Tooltip>
    );
  const active = org.org_status === ORG_STATUS.active;
  return (
    <Button size={size} type={active ? 'primary' : 'default'} onClick={() => navigate(entry)}>
      {active ? t('select.open') : t('select.settings')}
    </Button>
  );
}
