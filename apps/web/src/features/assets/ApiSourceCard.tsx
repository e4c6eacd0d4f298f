import { KeyOutlined, SyncOutlined } from '@ant-design/icons';
import type { TPixelDetail } from '@scaler/domain';
import { Button, Card, Descriptions, Empty, Typography } from 'antd';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { OnceOpened } from '../../components/OnceOpened';
import { useRenameApiSource, useRotateApiToken } from './api';
import { formatTime } from './format';
import { unshownError } from './formErrors';

const CreateApiSourceModal = lazy(() =>
  import('./CreateApiSourceModal').then((m) => ({ default: m.CreateApiSourceModal })),
);

/**
 * The pixel's API event source: its token's last characters (the token itself is shown only when
 * issued), rotation after a confirmation, or creating a source when the pixel has none.
 */
export function ApiSourceCard({
  pixel,
  canEdit,
  onToken,
}: {
  pixel: TPixelDetail;
  canEdit: boolean;
  onToken: (token: string) => void;
}) {
  const { t } = useTranslation(['assets', 'common']);
  const { modal, message } = useFeedback();
  const rotate = useRotateApiToken();
  const rename = useRenameApiSource();
  const [naming, setNaming] = useState(false);
  const source = pixel.api_source;

  const confirmRotate = () => {
    if (!source) return;
    modal.confirm({
      title: t('api.rotate_title'),
      content: t('api.rotate_text', { hint: source.token_hint }),
      okText: t('api.rotate_ok'),
      okButtonProps: { danger: true },
      cancelText: t('common:cancel'),
      onOk: () => rotate.mutateAsync(source._id).then((issued) => onToken(issued.token)),
    });
  };

  const renameSource = (value: string) => {
    const name = value.trim();
    if (!source || name === '' || name === source.name) return;
    rename.mutate(
      { _id: source._id, name },
      {
        onSuccess: () => void message.success(t('api.renamed')),
        onError: (error) => {
          const text = unshownError(error);
          if (text) message.error(text);
        },
      },
    );
  };

  return (
    <Card title={t('api.source')}>
      {source ? (
        <>
          <Descriptions
            size="small"
            column={1}
            colon={false}
            items={[
              {
                key: 'name',
                label: t('api.source_name'),
                children: (
                  <Typography.Text
                    editable={
                      canEdit && {
                        onChange: renameSource,
                        tooltip: t('api.rename'),
                        maxLength: 64,
                        triggerType: ['icon'],
                      }
                    }
                  >
                    {source.name}
                  </Typography.Text>
                ),
              },
              {
                key: 'token',
                label: t('api.token'),
                children: (
                  <Typography.Text code aria-label={t('api.token_hint_label')}>
                    sct_…{source.token_hint}
                  </Typography.Text>
                ),
              },
              {
                key: 'issued',
                label: t('api.token_issued_at'),
                children: formatTime(source.token_issued_at),
              },
              { key: 'used', label: t('api.last_used_at'), children: formatTime(source.last_used_at) },
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            {t(canEdit ? 'api.token_hidden' : 'api.token_editors_only')}
          </Typography.Paragraph>
          {canEdit && (
            <Button danger icon={<SyncOutlined />} onClick={confirmRotate} loading={rotate.isPending}>
              {t('api.rotate')}
            </Button>
          )}
        </>
      ) : (
        <Empty description={t('api.no_source_text')}>
          {canEdit && (
            <Button type="primary" icon={<KeyOutlined />} onClick={() => setNaming(true)}>
              {t('api.create_source')}
            </Button>
          )}
        </Empty>
      )}
      <OnceOpened open={naming}>
        <CreateApiSourceModal
          pixel={pixel}
          open={naming}
          onClose={() => setNaming(false)}
          onToken={(token) => {
            setNaming(false);
            onToken(token);
          }}
        />
      </OnceOpened>
    </Card>
  );
}
