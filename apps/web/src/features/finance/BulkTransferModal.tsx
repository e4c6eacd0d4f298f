import { MAX_BULK_TRANSFERS, type TFinanceAccount } from '@scaler/domain';
import { Alert, Flex, Form, Input, Modal, Radio, Segmented, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { amountRule } from './amountRule';
import { useTransfer } from './api';
import { type BulkMode, type BulkValues, bulkFieldOf, bulkItems, bulkTotals } from './bulkTransfer';
import { Money } from './Money';
import { refusalOf } from './refusal';
import { useRequestKey } from './requestKey';

/**
 * One transfer request for several accounts, each with its amount or all with the same: the server
 * moves every item or none.
 */
export function BulkTransferModal({
  accounts,
  open,
  onClose,
  onDone,
}: {
  accounts: readonly TFinanceAccount[];
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(['finance', 'common']);
  const { message } = useFeedback();
  const [form] = Form.useForm<BulkValues>();
  const transfer = useTransfer();
  const key = useRequestKey(open);
  const [refused, setRefused] = useState<string | null>(null);
  const values = Form.useWatch([], form) ?? {};
  const mode: BulkMode = values.mode ?? 'same';

  useEffect(() => {
    if (open) {
      form.resetFields();
      setRefused(null);
    }
  }, [open, form]);

  const submit = async (submitted: BulkValues) => {
    setRefused(null);
    const body = { request_key: key.current(), items: bulkItems(submitted, accounts), memo: '' };
    try {
      await transfer.mutateAsync(body);
      key.settle();
      message.success(t('bulk.done', { count: accounts.length }));
      onDone();
      onClose();
    } catch (error) {
      key.settle(error);
      const refusal = refusalOf(error);
      const fields = Object.entries(refusal.fields).flatMap(([path, text]) => {
        const name = bulkFieldOf(path, submitted.mode, accounts);
        return name ? [{ name, errors: [text] }] : [];
      });
      if (fields.length > 0) form.setFields(fields as never);
      else setRefused(refusal.message);
    }
  };

  const tooMany = accounts.length > MAX_BULK_TRANSFERS;
  // One amount for all needs one currency's rules: with several currencies each row is checked by its own.
  const currencies = [...new Set(accounts.map((a) => a.wallet.currency))];
  return (
    <Modal
      open={open}
      title={t('bulk.title', { count: accounts.length })}
      okText={t('bulk.submit', { count: accounts.length })}
      okButtonProps={{ disabled: tooMany || accounts.length === 0 }}
      cancelText={t('common:cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={transfer.isPending}
      width={720}
    >
      <Alert type="info" showIcon title={t('bulk.all_or_nothing')} style={{ marginBlock: 12 }} />
      {tooMany && (
        <Alert
          type="error"
          showIcon
          title={t('bulk.too_many', { max: MAX_BULK_TRANSFERS })}
          style={{ marginBottom: 12 }}
        />
      )}
      {refused && <Alert type="error" showIcon title={refused} style={{ marginBottom: 12 }} />}
      <Form<BulkValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ direction: 'to_account', mode: 'same', same: '', each: {} }}
      >
        <Form.Item name="direction" label={t('transfer.direction')}>
          <Radio.Group
            options={[
              { value: 'to_account', label: t('bulk.to_accounts') },
              { value: 'to_center', label: t('bulk.to_center') },
            ]}
          />
        </Form.Item>
        <Form.Item name="mode" label={t('bulk.mode')}>
          <Segmented<BulkMode>
            options={[
              { value: 'same', label: t('bulk.mode_same') },
              { value: 'each', label: t('bulk.mode_each') },
            ]}
          />
        </Form.Item>
        {mode === 'same' && (
          <Form.Item
            name="same"
            label={t('bulk.same_amount')}
            rules={currencies.map((c) => amountRule(c))}
            required
          >
            <Input
              inputMode="decimal"
              autoComplete="off"
              suffix={currencies.length === 1 ? currencies[0] : undefined}
              style={{ maxWidth: 260 }}
            />
          </Form.Item>
        )}
        <Table<TFinanceAccount>
          size="small"
          rowKey="adv_id"
          dataSource={[...accounts]}
          pagination={false}
          scroll={{ y: 320 }}
          columns={[
            {
              title: t('accounts.account'),
              key: 'account',
              render: (_, a) => (
                <Typography.Text ellipsis={{ tooltip: a.adv_name }}>
                  {a.adv_name} ({a.adv_id})
                </Typography.Text>
              ),
            },
            {
              title: t('wallet.balance'),
              key: 'balance',
              width: 170,
              align: 'right',
              render: (_, a) => <Money amount={a.wallet.balance} currency={a.wallet.currency} />,
            },
            {
              title: t('transfer.amount'),
              key: 'amount',
              width: 220,
              render: (_, a) =>
                mode === 'each' ? (
                  <Form.Item
                    name={['each', String(a.adv_id)]}
                    rules={[amountRule(a.wallet.currency)]}
                    style={{ margin: 0 }}
                  >
                    <Input
                      inputMode="decimal"
                      autoComplete="off"
                      suffix={a.wallet.currency}
                      aria-label={t('bulk.amount_for', { name: a.adv_name })}
                    />
                  </Form.Item>
                ) : (
                  <Typography.Text type="secondary">{values.same || '—'}</Typography.Text>
                ),
            },
          ]}
        />
        <Flex justify="flex-end" style={{ marginTop: 12 }}>
          <Typography.Text strong>{t('bulk.total', { total: bulkTotals(values, accounts) })}</Typography.Text>
        </Flex>
      </Form>
    </Modal>
  );
}
