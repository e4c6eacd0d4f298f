import { ADV_STATUS } from '@scaler/domain';
import { Button, Drawer, Flex, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { StatusResult } from '../../components/StatusResult';
import { useBusinessInfo } from '../business-settings/api';
import { AccountForm } from './AccountForm';
import { accountValuesFromDetail, newAccountValues } from './accountForm';
import { useAdvertiser } from './api';

export type AccountFormTarget = { mode: 'create' } | { mode: 'edit'; advId: number };

/** Create or edit an advertiser account in a drawer; a created account waits for review. */
export function AccountFormDrawer({
  org,
  target,
  onClose,
}: {
  org: number;
  target: AccountFormTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('advertisers');
  const [created, setCreated] = useState<{ adv_id: number; name: string } | null>(null);
  const editId = target?.mode === 'edit' ? target.advId : null;
  const detail = useAdvertiser(org, editId);
  const center = useBusinessInfo(org, target?.mode === 'create');
  const close = () => {
    setCreated(null);
    onClose();
  };

  let body: React.ReactNode;
  if (created) {
    body = (
      <StatusResult
        status="success"
        title={t('form.submitted_title')}
        subTitle={t('form.submitted_text', { name: created.name, id: created.adv_id })}
        extra={
          <Button type="primary" onClick={close}>
            {t('form.done')}
          </Button>
        }
      />
    );
  } else if (target?.mode === 'edit') {
    if (detail.isError) body = <ErrorState onRetry={() => detail.refetch()} message={detail.error.message} />;
    else if (!detail.data) body = <Skeleton active paragraph={{ rows: 10 }} />;
    else
      body = (
        <AccountForm
          key={detail.data.adv_id}
          advId={detail.data.adv_id}
          initialValues={accountValuesFromDetail(detail.data)}
          attachedFiles={detail.data.license_files}
          resubmits={detail.data.status === ADV_STATUS.rejected}
          onDone={close}
          onCancel={close}
        />
      );
  } else if (target?.mode === 'create') {
    body = center.isPending ? (
      <Skeleton active paragraph={{ rows: 10 }} />
    ) : (
      <AccountForm
        initialValues={newAccountValues(center.data ?? null)}
        attachedFiles={[]}
        resubmits={false}
        onCreated={(id, name) => setCreated({ adv_id: id, name })}
        onCancel={close}
      />
    );
  }

  return (
    <Drawer
      open={target !== null}
      onClose={close}
      size={720}
      destroyOnHidden
      title={target?.mode === 'edit' ? t('form.edit_title') : t('form.create_title')}
    >
      <Flex vertical>{body}</Flex>
    </Drawer>
  );
}
