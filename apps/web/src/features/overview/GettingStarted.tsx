import { CheckCircleFilled, RocketOutlined } from '@ant-design/icons';
import { ORG_TYPE, type TOrgSummary } from '@scaler/domain';
import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/LinkButton';
import { withContext } from '../../lib/context';

export interface GettingStartedProps {
  center: TOrgSummary;
  /** Advertiser accounts the center reaches (own and shared). */
  accounts: number;
  members: number;
  pendingInvitations: number;
}

interface Step {
  key: string;
  done: boolean;
  title: string;
  text: string;
  action: ReactNode;
}

/**
 * The first steps of a new, active center for its admin: an advertiser account first (an agency
 * creates one; an advertiser-type center gets one shared by its agency), then the team. Shown until
 * both are done.
 */
export function GettingStarted({ center, accounts, members, pendingInvitations }: GettingStartedProps) {
  const { t } = useTranslation('overview');
  const to = (path: string) => withContext(path, { org: center.org_id });
  const agency = center.org_type === ORG_TYPE.agency;
  const steps: Step[] = [
    {
      key: 'account',
      done: accounts > 0,
      title: t(agency ? 'getting_started.account_title' : 'getting_started.shared_title'),
      text: agency
        ? t('getting_started.account_text')
        : t('getting_started.shared_text', { id: center.org_id }),
      action: (
        <LinkButton type="primary" to={to(agency ? '/manage/account?create=1' : '/manage/partner')}>
          {t(agency ? 'getting_started.account_go' : 'getting_started.shared_go')}
        </LinkButton>
      ),
    },
    {
      key: 'team',
      done: members > 1 || pendingInvitations > 0,
      title: t('getting_started.team_title'),
      text: t('getting_started.team_text'),
      action: <LinkButton to={to('/manage/members')}>{t('getting_started.team_go')}</LinkButton>,
    },
  ];
  if (steps.every((s) => s.done)) return null;
  const next = steps.find((s) => !s.done);
  return (
    <Card
      title={
        <Flex gap={8} align="center">
          <RocketOutlined style={{ color: 'var(--ant-color-primary)' }} />
          {t('getting_started.title')}
        </Flex>
      }
    >
      <Flex vertical gap={16} component="ol" style={{ margin: 0, paddingInlineStart: 0, listStyle: 'none' }}>
        {steps.map((step, index) => (
          <Flex key={step.key} component="li" gap={16} align="center" justify="space-between" wrap>
            <Flex gap={12} align="flex-start">
              {step.done ? (
                <CheckCircleFilled
                  style={{ color: 'var(--ant-color-success)', fontSize: 20, marginTop: 2 }}
                />
              ) : (
                <Typography.Text strong style={{ width: 20, textAlign: 'center' }}>
                  {index + 1}
                </Typography.Text>
              )}
              <div>
                <Typography.Text strong delete={step.done}>
                  {step.title}
                </Typography.Text>
                {!step.done && (
                  <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                    {step.text}
                  </Typography.Paragraph>
                )}
              </div>
            </Flex>
            {step === next && step.action}
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
