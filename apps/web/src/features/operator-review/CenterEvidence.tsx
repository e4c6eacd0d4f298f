import { type TCenterReview, ZCenterReviewRequest } from '@scaler/domain';
import { Alert, Button, Card, Descriptions, Flex, Popconfirm, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { OrgStatusBadge } from '../business-centers/OrgStatusBadge';
import { useReviewCenter } from './api';
import { companyItems } from './CompanyItems';
import { LicenseFiles } from './LicenseFiles';
import type { ReasonRequest } from './ReasonModal';
import { formatTime } from './time';

const STATUS_COLOR = { pending: 'processing', approved: 'success', rejected: 'error' } as const;

/** The evidence of one verification beside the queue, with approve and reject for pending ones. */
export function CenterEvidence({
  center,
  askReason,
}: {
  center: TCenterReview;
  askReason: (request: ReasonRequest) => void;
}) {
  const { t } = useTranslation(['operatorReview', 'business-centers', 'common']);
  const { message } = useFeedback();
  const review = useReviewCenter();
  const names = { name: center.org_name, id: center.org_id };

  const decide = (decision: 'approve' | 'reject', reason: string) =>
    review.mutateAsync({ orgId: center.org_id, decision, reason }).then(() => {
      message.success(t(`operatorReview:done.center_${decision}`, { name: center.org_name }));
    });
  const approve = () => decide('approve', '').catch((error: Error) => message.error(error.message));
  const reject = () =>
    askReason({
      title: t('operatorReview:reason.reject_center_title', names),
      text: t('operatorReview:reason.reject_center_text'),
      okText: t('operatorReview:actions.reject'),
      danger: true,
      schema: ZCenterReviewRequest,
      fixed: { decision: 'reject' },
      submit: (reason) => decide('reject', reason),
    });

  const pending = center.status === 'pending';
  const actions = pending ? (
    <Flex gap={8}>
      <Button danger onClick={reject} disabled={review.isPending}>
        {t('operatorReview:actions.reject')}
      </Button>
      <Popconfirm
        title={t('operatorReview:actions.approve_center_title', names)}
        description={t('operatorReview:actions.approve_center_text')}
        okText={t('operatorReview:actions.yes_approve')}
        cancelText={t('common:cancel')}
        onConfirm={approve}
      >
        <Button type="primary" loading={review.isPending}>
          {t('operatorReview:actions.approve')}
        </Button>
      </Popconfirm>
    </Flex>
  ) : null;

  return (
    <Card
      title={
        <Flex gap={8} align="center" wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {center.org_name}
          </Typography.Title>
          <Tag color={STATUS_COLOR[center.status]}>{t(`operatorReview:center_status.${center.status}`)}</Tag>
        </Flex>
      }
      extra={actions}
    >
      <Flex vertical gap={16}>
        {!pending && center.reason && (
          <Alert
            type="error"
            showIcon
            title={t('operatorReview:fields.decision_reason')}
            description={center.reason}
          />
        )}
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, xl: 2 }}
          styles={{ label: { width: 170 } }}
          items={[
            { key: 'name', label: t('operatorReview:fields.center_name'), children: center.org_name },
            {
              key: 'id',
              label: t('operatorReview:fields.center_id'),
              children: <Typography.Text copyable>{center.org_id}</Typography.Text>,
            },
            {
              key: 'type',
              label: t('operatorReview:fields.type'),
              children: (
                <Tag color={center.org_type === 1 ? 'geekblue' : 'cyan'}>
                  {t(`common:org_type.${center.org_type}`)}
                </Tag>
              ),
            },
            {
              key: 'status',
              label: t('operatorReview:fields.center_status'),
              children: <OrgStatusBadge status={center.org_status} />,
            },
            {
              key: 'submitted',
              label: t('operatorReview:fields.submitted'),
              children: formatTime(center.created_at),
            },
            ...(center.reviewed_at
              ? [
                  {
                    key: 'reviewed',
                    label: t('operatorReview:fields.reviewed'),
                    children: formatTime(center.reviewed_at),
                  },
                ]
              : []),
            ...companyItems(center, t),
            {
              key: 'note',
              label: t('operatorReview:fields.note'),
              span: 'filled' as const,
              children: center.note ? (
                <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                  {center.note}
                </Typography.Paragraph>
              ) : (
                <Typography.Text type="secondary">{t('operatorReview:fields.none')}</Typography.Text>
              ),
            },
            {
              key: 'files',
              label: t('operatorReview:fields.license_files'),
              span: 'filled' as const,
              children: <LicenseFiles files={center.license_files} owner={{ org_id: center.org_id }} />,
            },
          ]}
        />
      </Flex>
    </Card>
  );
}
