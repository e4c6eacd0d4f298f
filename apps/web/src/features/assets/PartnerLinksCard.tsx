import { LockOutlined } from '@ant-design/icons';
import { PARTNERS, partnerLinks, type TAppDetail } from '@scaler/domain';
import { Alert, Button, Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { useRotatePostbackToken } from './api';
import { CopyText } from './CopyText';

/**
 * The attribution partner's click and impression links and our postback URL, each to copy. The postback
 * URL carries the app's secret: a role that may not edit the app gets no token and is told why.
 */
export function PartnerLinksCard({ app, canEdit }: { app: TAppDetail; canEdit: boolean }) {
  const { t } = useTranslation(['assets', 'common']);
  const { modal, message } = useFeedback();
  const rotate = useRotatePostbackToken();
  const links = partnerLinks(window.location.origin, app);
  const partner = PARTNERS[app.partner].name;

  const confirmRotate = () =>
    modal.confirm({
      title: t('partner.rotate_title'),
      content: t('partner.rotate_text', { partner }),
      okText: t('partner.rotate_ok'),
      okButtonProps: { danger: true },
      cancelText: t('common:cancel'),
      onOk: () => rotate.mutateAsync(app._id).then(() => void message.success(t('partner.rotated'))),
    });

  return (
    <Card title={t('partner.title', { partner })} style={{ height: '100%' }}>
      <Typography.Paragraph type="secondary">{t('partner.help', { partner })}</Typography.Paragraph>
      <Descriptions
        column={1}
        colon={false}
        layout="vertical"
        size="small"
        items={[
          {
            key: 'click',
            label: t('partner.click_url'),
            children: <CopyText label={t('partner.click_url')} text={links.click_url} />,
          },
          {
            key: 'impression',
            label: t('partner.impression_url'),
            children: <CopyText label={t('partner.impression_url')} text={links.impression_url} />,
          },
          {
            key: 'postback',
            label: t('partner.postback_url'),
            children:
              links.postback_url === null ? (
                <Alert
                  type="info"
                  showIcon
                  icon={<LockOutlined />}
                  title={t('partner.postback_hidden')}
                  description={t('partner.postback_hidden_text', { partner })}
                />
              ) : (
                <div>
                  <CopyText label={t('partner.postback_url')} text={links.postback_url} />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('partner.postback_help', { partner })}
                  </Typography.Text>
                </div>
              ),
          },
        ]}
      />
      {canEdit && (
        <Button danger onClick={confirmRotate} loading={rotate.isPending} style={{ marginTop: 8 }}>
          {t('partner.rotate')}
        </Button>
      )}
    </Card>
  );
}
