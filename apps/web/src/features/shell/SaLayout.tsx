import { Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GuardedOutlet } from './GuardedOutlet';
import { HeaderBar } from './HeaderBar';
import { HeaderUserArea } from './HeaderUserArea';
import { SwitcherMenu } from './SwitcherMenu';

/** /sa and /sa/tool: the platform operators' tool. */
export function SaLayout() {
  const { t } = useTranslation('shell');
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <HeaderBar
        left={<Typography.Text type="secondary">{t('sa.title')}</Typography.Text>}
        right={
          <>
            <SwitcherMenu />
            <HeaderUserArea globalSettings={false} />
          </>
        }
      />
      <Layout.Content style={{ padding: 24 }}>
        <GuardedOutlet />
      </Layout.Content>
    </Layout>
  );
}
