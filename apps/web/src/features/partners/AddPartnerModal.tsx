import { ZAddPartnerRequest } from '@scaler/domain';
import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { zodRules } from '../../components/zodRules';
import { formErrors } from '../members/serverErrors';
import { useRequestPartner } from './api';

const rules = zodRules(ZAddPartnerRequest, ['partner_org_id']);

/** "Add partner": asks another active business center, by its ID; it becomes a partner when it accepts. */
export function AddPartnerModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['partners', 'common', 'validation']);
  const { message } = useFeedback();
  const [form] = Form.useForm<{ partner_org_id: string }>();
  const add = useRequestPartner();

  const submit = ({ partner_org_id }: { partner_org_id: string }) =>
    add.mutate(Number(partner_org_id.trim()), {
      onSuccess: (sent) => {
        message.success(t('add.requested', { name: sent.org_name, id: sent.org_id }));
        onClose();
      },
      onError: (error) => form.setFields(formErrors(error, ['partner_org_id'], 'partner_org_id')),
    });

  return (
    <Modal
      open={open}
      title={t('add.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('add.submit')}
      cancelText={t('common:cancel')}
      confirmLoading={add.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('add.text')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} preserve={false}>
        <Form.Item
          name="partner_org_id"
          label={t('add.org_id')}
          extra={t('add.org_id_help')}
          rules={[{ pattern: /^\s*\d+\s*$/, message: t('validation:org_id') }, ...rules.partner_org_id]}
          validateFirst
        >
          <Input inputMode="numeric" maxLength={7} placeholder="100002" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
