import { ADV_STATUS, type TAccountReview, ZAdvReviewRequest } from '@scaler/domain';
import { Alert, Button, Card, Descriptions, Flex, Popconfirm, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { type AccountDecision, useSetAccountStatus } from './api';
import { companyItems } from './CompanyItems';
import { LicenseFiles } from './LicenseFiles';
import type { ReasonRequest } from './ReasonModal';
import { accountActions } from './reviewActions';
import { formatTime } from './time';

const STATUS_COLOR = ['processing', 'success', 'error', 'warning', 'default'] as const;
const ACTION_LABEL = { 2: 'reject', 3: 'stop', 4: 'disable' } as const;

/** The evidence of one advertiser account beside the queue, with the decisions its status allows. */
export function AccountEvidence({
  account,
  askReason,
}: {
  account: TAccountReview;
  askReason: (request: ReasonRequest) => void;
}) {
  const { t } = useTranslation(['operatorReview', 'business-centers', 'common']);
  const { message } = useFeedback();
  const setStatus = useSetAccountStatus();
  const names = { name: account.adv_name, id: account.adv_id };

  const decide = (status: AccountDecision, reason: string) =>
    setStatus.mutateAsync({ advId: account.adv_id, status, reason }).then(() => {
      message.success(t(`operatorReview:done.account_${status}`, { name: account.adv_name }));
    });

  const button = (status: AccountDecision): ReactNode => {
    if (status === ADV_STATUS.active) {
      const label = account.status === ADV_STATUS.stopped ? 'reactivate' : 'approve';
      return (
        <Popconfirm
          key={status}
          title={t('operatorReview:actions.approve_account_title', names)}
          description={t('operatorReview:actions.approve_account_text')}
          okText={t('operatorReview:actions.yes_approve')}
          cancelText={t('common:cancel')}
          onConfirm={() => decide(status, '').catch((error: Error) => message.error(error.message))}
        >
          <Button type="primary" loading={setStatus.isPending}>
            {t(`operatorReview:actions.${label}`)}
          </Button>
        </Popconfirm>
      );
    }
    const label = t(`operatorReview:actions.${ACTION_LABEL[status]}`);
    return (
      <Button
        key={status}
        danger
        disabled={setStatus.isPending}
        onClick={() =>
          askReason({
            title: t(`operatorReview:reason.account_${status}_title`, names),
            text: t(`operatorReview:reason.account_${status}_text`),
            okText: label,
            danger: true,
            schema: ZAdvReviewRequest,
            fixed: { status },
            confirmId: status === ADV_STATUS.disabled ? account.adv_id : undefined,
            submit: (reason) => decide(status, reason),
          })
        }
      >
        {label}
      </Button>
    );
  };

  // Secondary decisions first, the primary one (approve) last, where the eye ends.
  const actions = accountActions(account.status, account.closed).sort((a, b) => b - a);
  const final = account.closed
    ? 'no_actions_closed'
    : account.status === ADV_STATUS.disabled
      ? 'no_actions_disabled'
      : null;

  return (
    <Card
      title={
        <Flex gap={8} align="center" wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {account.adv_name}
          </Typography.Title>
          <Tag color={STATUS_COLOR[account.status]}>{t(`common:adv_status.${account.status}`)}</Tag>
          {account.closed && <Tag>{t('operatorReview:fields.closed')}</Tag>}
        </Flex>
      }
      extra={actions.length > 0 ? <Flex gap={8}>{actions.map(button)}</Flex> : null}
    >
      <Flex vertical gap={16}>
        {final && <Alert type="info" showIcon title={t(`operatorReview:actions.${final}`)} />}
        {account.review_reason && (
          <Alert
            type="warning"
            showIcon
            title={t('operatorReview:fields.last_reason')}
            description={account.review_reason}
          />
        )}
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, xl: 2 }}
          styles={{ label: { width: 170 } }}
          items={[
            { key: 'name', label: t('operatorReview:fields.account_name'), children: account.adv_name },
            {
              key: 'id',
              label: t('operatorReview:fields.account_id'),
              children: <Typography.Text copyable>{account.adv_id}</Typography.Text>,
            },
            { key: 'org', label: t('operatorReview:fields.center_name'), children: account.org_name },
            {
              key: 'org_id',
              label: t('operatorReview:fields.center_id'),
              children: <Typography.Text copyable>{account.org_id}</Typography.Text>,
            },
            {
              key: 'created',
              label: t('operatorReview:fields.created'),
              children: formatTime(account.created_at),
            },
            {
              key: 'status',
              label: t('operatorReview:fields.status'),
              children: t(`common:adv_status.${account.status}`),
            },
            ...companyItems(account, t),
            {
              key: 'files',
              label: t('operatorReview:fields.license_files'),
              span: 'filled' as const,
              children: <LicenseFiles files={account.license_files} owner={{ adv_id: account.adv_id }} />,
            },
          ]}
        />
      </Flex>
    </Card>
  );
}
