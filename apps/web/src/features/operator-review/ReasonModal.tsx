import { Alert, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { type SafeParser, zodRule } from '../../components/zodRules';
import { translateKey } from '../../i18n';

export interface ReasonRequest {
  title: string;
  text: string;
  okText: string;
  /** The zod schema of the request and its fixed values (decision or status), so the reason rule applies. */
  schema: SafeParser;
  fixed: Record<string, unknown>;
  /** The reason's name in the schema and the server's field errors (`note` for a top-up); `reason` unless given. */
  field?: string;
  /** Strong confirmation: the operator types this ID before the button works. */
  confirmId?: number;
  danger?: boolean;
  submit: (reason: string) => Promise<unknown>;
}

/** The reason of a reject, stop or disable decision; server field errors land on the reason field. */
export function ReasonModal({ request, onClose }: { request: ReasonRequest | null; onClose: () => void }) {
  const { t } = useTranslation(['operatorReview', 'common']);
  const [form] = Form.useForm();
  const typed = Form.useWatch('confirm_id', form);
  const open = request !== null;
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const finish = async (values: Record<string, string>) => {
    if (!request) return;
    const reason = values[request.field ?? 'reason'] ?? '';
    setBusy(true);
    try {
      await request.submit(reason.trim());
      onClose();
    } catch (error) {
      const fields =
        error instanceof ApiError
          ? (error.data as { fields?: { path: string; message: string }[] })?.fields
          : null;
      const field = request.field ?? 'reason';
      const onReason = fields?.find((f) => f.path.replace(/^body\./, '') === field);
      form.setFields([
        { name: field, errors: [onReason ? translateKey(onReason.message) : (error as Error).message] },
      ]);
    } finally {
      setBusy(false);
    }
  };

  const confirmed =
    request?.confirmId === undefined || String(typed ?? '').trim() === String(request.confirmId);
  return (
    <Modal
      open={open}
      title={request?.title}
      okText={request?.okText}
      cancelText={t('common:cancel')}
      okButtonProps={{
        danger: request?.danger,
        disabled: !confirmed,
        htmlType: 'submit',
        form: 'reason-form',
      }}
      onCancel={onClose}
      confirmLoading={busy}
      forceRender
      width={520}
    >
      {request && (
        <Alert
          type={request.danger ? 'error' : 'warning'}
          showIcon
          title={request.text}
          style={{ marginBlock: 12 }}
        />
      )}
      <Form
        form={form}
        id="reason-form"
        layout="vertical"
        initialValues={{ ...request?.fixed, [request?.field ?? 'reason']: '' }}
        onFinish={finish}
        requiredMark
      >
        <Form.Item
          name={request?.field ?? 'reason'}
          label={t('reason.label')}
          required
          rules={request ? [zodRule(request.schema, request.field ?? 'reason')] : []}
        >
          <Input.TextArea
            autoFocus
            rows={4}
            maxLength={500}
            showCount
            placeholder={t('reason.placeholder')}
          />
        </Form.Item>
        {request?.confirmId !== undefined && (
          <Form.Item
            name="confirm_id"
            label={t('reason.confirm_id', { id: request.confirmId })}
            rules={[
              {
                validator: async (_, value) => {
                  if (String(value ?? '').trim() !== String(request.confirmId))
                    throw new Error(t('reason.confirm_id_mismatch'));
                },
              },
            ]}
          >
            <Input autoComplete="off" inputMode="numeric" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
