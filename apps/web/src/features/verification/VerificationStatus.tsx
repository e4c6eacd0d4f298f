import {
  CheckCircleFilled,
  ClockCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  StopFilled,
} from '@ant-design/icons';
import { Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusResult } from '../../components/StatusResult';
import type { VerificationState } from './verificationState';

const ICONS: Record<VerificationState, ReactNode> = {
  not_submitted: <ExclamationCircleFilled style={{ color: 'var(--ant-color-warning)' }} />,
  waiting: <ClockCircleFilled style={{ color: 'var(--ant-color-primary)' }} />,
  verified: <CheckCircleFilled style={{ color: 'var(--ant-color-success)' }} />,
  rejected: <CloseCircleFilled style={{ color: 'var(--ant-color-error)' }} />,
  disabled: <StopFilled style={{ color: 'var(--ant-color-text-tertiary)' }} />,
};

export function VerificationStatus({
  state,
  reason,
  submittedAt,
}: {
  state: VerificationState;
  reason: string;
  submittedAt: string | null;
}) {
  const { t } = useTranslation('verification');
  return (
    <StatusResult
      style={{ padding: '16px 0' }}
      icon={ICONS[state]}
      title={t(`state.${state}.title`)}
      subTitle={
        <>
          {t(`state.${state}.text`)}
          {state === 'waiting' && submittedAt && (
            <div>{t('submitted_at', { time: dayjs(submittedAt).format('YYYY-MM-DD HH:mm:ss') })}</div>
          )}
        </>
      }
      extra={
        state === 'rejected' && reason ? (
          <Typography.Paragraph style={{ maxWidth: 560, margin: '0 auto', textAlign: 'start' }}>
            <Typography.Text strong>{t('reason')}: </Typography.Text>
            {reason}
          </Typography.Paragraph>
        ) : null
      }
    />
  );
}
