import {
  AUCTION_TYPES,
  CURRENCIES,
  type TExchange,
  type TExchangeCreate,
  type TExchangeWithToken,
  ZExchangeCreate,
} from '@scaler/domain';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { zodRules } from '../../components/zodRules';
import { useCreateExchange, useUpdateExchange } from './api';
import { EXCHANGE_FORM_FIELDS, exchangePatch, exchangeRefusal } from './exchangeView';

/** The form checks with the schema the server checks with (an edit has the same three fields). */
const RULES = zodRules(ZExchangeCreate, EXCHANGE_FORM_FIELDS);

type Values = Partial<TExchangeCreate>;

/** A new exchange is second price (OpenRTB's default `at`); its currency is the operator's choice. */
const valuesOf = (exchange: TExchange | null): Values =>
  exchange
    ? { name: exchange.name, auction_type: exchange.auction_type, currency: exchange.currency }
    : { name: '', auction_type: 2 };

/**
 * Registers an exchange (`exchange` null), whose token the caller then shows, or edits one: its name,
 * auction type and currency. A taken name and the server's field messages show on their fields.
 */
export function ExchangeFormModal({
  open,
  exchange,
  onClose,
  onRegistered,
}: {
  open: boolean;
  exchange: TExchange | null;
  onClose: () => void;
  onRegistered: (issued: TExchangeWithToken) => void;
}) {
  const { t } = useTranslation(['exchanges', 'common']);
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const create = useCreateExchange();
  const update = useUpdateExchange();
  const [refused, setRefused] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      form.resetFields();
      setRefused(null);
    }
  }, [open, form]);

  const submit = async (values: Values) => {
    setRefused(null);
    const body = ZExchangeCreate.parse(values);
    try {
      if (exchange) {
        const patch = exchangePatch(exchange, body);
        if (Object.keys(patch).length > 0) await update.mutateAsync({ id: exchange.id, patch, silent: true });
        message.success(t('form.saved', { name: body.name }));
        onClose();
      } else {
        onRegistered(await create.mutateAsync(body));
      }
    } catch (error) {
      const refusal = exchangeRefusal(error);
      form.setFields(refusal.fields);
      setRefused(refusal.message);
    }
  };

  return (
    <Modal
      open={open}
      title={exchange ? t('form.edit_title', { name: exchange.name }) : t('form.create_title')}
      okText={exchange ? t('common:save') : t('form.create_ok')}
      cancelText={t('common:cancel')}
      onCancel={onClose}
      okButtonProps={{ htmlType: 'submit' }}
      confirmLoading={create.isPending || update.isPending}
      width={520}
      // The whole dialog is the form: Enter in the name field submits, like the OK button.
      modalRender={(dom) => (
        <Form<Values>
          form={form}
          name="exchange"
          layout="vertical"
          initialValues={valuesOf(exchange)}
          onFinish={submit}
        >
          {dom}
        </Form>
      )}
    >
      {refused && <Alert type="error" showIcon title={refused} style={{ marginBottom: 16 }} />}
      <Form.Item name="name" label={t('form.name')} extra={t('form.name_help')} required rules={RULES.name}>
        <Input maxLength={60} autoComplete="off" autoFocus />
      </Form.Item>
      <Form.Item
        name="auction_type"
        label={t('form.auction_type')}
        extra={t('form.auction_type_help')}
        required
        rules={RULES.auction_type}
      >
        <Select options={AUCTION_TYPES.map((v) => ({ value: v, label: t(`auction_type.${v}`) }))} />
      </Form.Item>
      <Form.Item
        name="currency"
        label={t('form.currency')}
        extra={t('form.currency_help')}
        required
        rules={RULES.currency}
      >
        <Select
          placeholder={t('form.currency_placeholder')}
          options={CURRENCIES.map((c) => ({ value: c, label: c }))}
        />
      </Form.Item>
    </Modal>
  );
}
