import { ADV_STATUS, orgCan, type TAdvertiserDetail } from '@scaler/domain';
import { Alert, Button, Card, Flex, Form, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { useFeedback } from '../../components/feedback';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { orgAccessOf } from '../advertisers/access';
import { accountValuesFromDetail, toAdvertiserRequest } from '../advertisers/accountForm';
import { useAdvertiser, useUpdateAdvertiser } from '../advertisers/api';
import { LicenseFileList } from '../files/LicenseFileList';
import { LicenseUpload } from '../files/LicenseUpload';
import { NoAccountSelected } from './NoAccountSelected';

/** /setting/account-file: the current account's license files; admins of the owning center add more. */
export function AccountFilePage() {
  const { t } = useTranslation('userSettings');
  const { org, adv, currentOrg } = useConsoleContext();
  const detail = useAdvertiser(org, adv);
  const data = detail.data;
  const canUpload =
    !!data &&
    !!currentOrg &&
    orgCan(orgAccessOf(currentOrg), 'accounts.manage') &&
    data.owner_org_id === org &&
    !data.closed;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 900 }}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('account_file.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('account_file.subtitle')}</Typography.Text>
      </div>
      {org === null || adv === null ? (
        <NoAccountSelected org={org} />
      ) : detail.isError ? (
        <ErrorState onRetry={() => detail.refetch()} message={detail.error.message} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          <Card title={t('account_file.files', { name: data.adv_name })}>
            {canUpload || data.license_files.length > 0 ? (
              <LicenseFileList
                files={data.license_files}
                owner={{ adv_id: data.adv_id }}
                empty={t('account_file.empty')}
              />
            ) : (
              <Typography.Text type="secondary">{t('account_file.admins_only')}</Typography.Text>
            )}
          </Card>
          {canUpload && <UploadMore detail={data} />}
        </>
      )}
    </Flex>
  );
}

function UploadMore({ detail }: { detail: TAdvertiserDetail }) {
  const { t } = useTranslation('userSettings');
  const { message } = useFeedback();
  const [files, setFiles] = useState<string[]>([]);
  const [round, setRound] = useState(0);
  const update = useUpdateAdvertiser();

  const save = () => {
    let body: ReturnType<typeof toAdvertiserRequest>;
    try {
      body = toAdvertiserRequest(
        { ...accountValuesFromDetail(detail), license_files: files },
        detail.license_files,
      );
    } catch {
      message.error(t('account_file.fields_invalid'));
      return;
    }
    update.mutate(
      { advId: detail.adv_id, body },
      {
        onSuccess: () => {
          message.success(t('account_file.saved'));
          setFiles([]);
          setRound((r) => r + 1);
        },
      },
    );
  };

  return (
    <Card title={t('account_file.upload_title')}>
      {detail.status === ADV_STATUS.rejected && (
        <Alert type="warning" showIcon title={t('account_file.resubmit_hint')} style={{ marginBottom: 16 }} />
      )}
      <Form layout="vertical">
        <Form.Item label={t('account_file.new_files')} extra={t('account_file.help')}>
          <LicenseUpload key={round} buttonText={t('account_file.upload')} onChange={setFiles} />
        </Form.Item>
      </Form>
      <Flex justify="flex-end">
        <Button type="primary" disabled={files.length === 0} loading={update.isPending} onClick={save}>
          {t('account_file.save')}
        </Button>
      </Flex>
    </Card>
  );
}
