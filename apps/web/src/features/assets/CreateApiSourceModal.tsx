import type { TPixelDetail } from '@scaler/domain';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../i18n';
import { useCreateApiSource } from './api';
import { unshownError } from './formErrors';

/** Names and creates the pixel's API event source; its token is shown once, by the page. */
export function CreateApiSourceModal({
  pixel,
  open,
  onClose,
  onToken,
}: {
  pixel: TPixelDetail;
  open: boolean;
  onClose: () => void;
  onToken: (token: string) => void;
}) {
  const { t } = useTranslation(['assets', 'common']);
  const create = useCreateApiSource();
  const [form] = Form.useForm<{ name: string }>();

  const createSource = ({ name }: { name: string }) =>
    create.mutate(
      { pixel_id: pixel._id, name: name.trim() },
      {
        onSuccess: (issued) => onToken(issued.token),
        onError: (error) => {
          // Errors the client has already shown (network, server) are not repeated.
          const text = unshownError(error);
          if (text) form.setFields([{ name: 'name', errors: [text] }]);
        },
      },
    );

  return (
    <Modal
      open={open}
      title={t('api.create_source')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('api.create_source_ok')}
      cancelText={t('common:cancel')}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={createSource}
        initialValues={{ name: pixel.name }}
        preserve={false}
      >
        <Form.Item
          name="name"
          label={t('api.source_name')}
          rules={[
            { required: true, whitespace: true, message: translateKey('validation.required') },
            { max: 64, message: translateKey('validation.too_long') },
          ]}
        >
          <Input maxLength={64} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
