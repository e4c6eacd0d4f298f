import { orgCan } from '@scaler/domain';
import { Card, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { orgAccessOf } from '../advertisers/access';
import { useVerification } from './api';
import { VerificationForm } from './VerificationForm';
import { VerificationHistory } from './VerificationHistory';
import { VerificationStatus } from './VerificationStatus';
import { verificationState } from './verificationState';

/** /manage/verify: the center's verification status, the submission form and its history. */
export function VerificationPage() {
  const { t } = useTranslation('verification');
  const { org, currentOrg } = useConsoleContext();
  const query = useVerification(org);
  if (org === null || !currentOrg) return null;

  const header = (
    <div>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('subtitle')}</Typography.Text>
    </div>
  );
  if (query.isError)
    return (
      <Flex vertical gap={16}>
        {header}
        <ErrorState onRetry={() => query.refetch()} message={query.error.message} />
      </Flex>
    );
  if (!query.data)
    return (
      <Flex vertical gap={16}>
        {header}
        <Skeleton active paragraph={{ rows: 8 }} />
      </Flex>
    );

  const { history } = query.data;
  const view = verificationState(query.data.org_status, history);
  const mayAct = orgCan(orgAccessOf({ ...currentOrg, org_status: query.data.org_status }), 'verify.submit');

  return (
    <Flex vertical gap={16}>
      {header}
      <Card>
        <VerificationStatus
          state={view.state}
          reason={view.reason}
          submittedAt={view.latest?.created_at ?? null}
        />
      </Card>
      {view.canSubmit && mayAct && (
        <Card title={view.state === 'rejected' ? t('form.title_resubmit') : t('form.title')}>
          <VerificationForm resubmit={view.state === 'rejected'} />
        </Card>
      )}
      <Card title={t('history.title')}>
        <VerificationHistory org={org} history={history} />
      </Card>
    </Flex>
  );
}
