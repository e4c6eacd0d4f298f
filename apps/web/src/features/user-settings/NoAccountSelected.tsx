import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/LinkButton';
import { withContext } from '../../lib/context';

/** The account pages of /setting need `adv` (and `org`) in the URL. */
export function NoAccountSelected({ org }: { org: number | null }) {
  const { t } = useTranslation('userSettings');
  return (
    <Card>
      <Empty description={t('no_account.text')}>
        <LinkButton type="primary" to={org === null ? '/select' : withContext('/manage/account', { org })}>
          {org === null ? t('no_account.select_center') : t('no_account.go_accounts')}
        </LinkButton>
      </Empty>
    </Card>
  );
}
