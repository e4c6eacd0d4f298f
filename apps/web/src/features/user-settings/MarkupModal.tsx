import type { TAdvertiserMarkupRow } from '@scaler/domain';
import { DatePicker, Form, type FormRule, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../i18n';
import { useSetMarkup } from '../advertisers/api';
import { serverFieldErrors } from '../advertisers/formErrors';
import {
  type MarkupField,
  type MarkupFormValues,
  markupFormValues,
  markupIssues,
  toMarkupRequest,
} from './markup';

/** A rule that checks one field with ZMarkupRequest over the whole form (cross-field date order included). */
const rule =
  (field: MarkupField): FormRule =>
  (form) => ({
    validator: async () => {
      const issue = markupIssues(form.getFieldsValue(true) as MarkupFormValues)[field];
      if (issue) throw new Error(translateKey(issue));
    },
  });

/** Set or change the markup of one account: ratio in percent, start date, optional end date. */
export function MarkupModal({ row, onClose }: { row: TAdvertiserMarkupRow | null; onClose: () => void }) {
  const { t } = useTranslation(['userSettings', 'common']);
  const [form] = Form.useForm<MarkupFormValues>();
  const save = useSetMarkup();

  const submit = (values: MarkupFormValues) => {
    if (!row) return;
    save.mutate(
      { advId: row.adv_id, body: toMarkupRequest(values) },
      {
        onSuccess: onClose,
        onError: (error) =>
          form.setFields(
            serverFieldErrors(error, ['ratio', 'start_date', 'end_date']).map((f) =>
              f.name[0] === 'ratio' ? { ...f, name: ['percent'] } : f,
            ) as never,
          ),
      },
    );
  };

  return (
    <Modal
      open={row !== null}
      title={t('markup.modal_title', { name: row?.adv_name ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      {row && (
        <Form<MarkupFormValues>
          form={form}
          layout="vertical"
          onFinish={submit}
          initialValues={markupFormValues(row.markup)}
        >
          <Form.Item
            name="percent"
            label={t('markup.ratio')}
            extra={t('markup.ratio_help')}
            rules={[rule('percent')]}
            required
          >
            <InputNumber min={0} max={1000} step={0.5} precision={2} suffix="%" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="start_date" label={t('markup.start_date')} rules={[rule('start_date')]} required>
            <DatePicker format="YYYY-MM-DD" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="end_date"
            label={t('markup.end_date')}
            extra={t('markup.end_help')}
            dependencies={['start_date']}
            rules={[rule('end_date')]}
          >
            <DatePicker format="YYYY-MM-DD" style={{ width: 200 }} allowClear />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
