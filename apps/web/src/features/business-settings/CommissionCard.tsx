import type { TBusinessCenterInfo } from '@scaler/domain';
import { Alert, Button, Card, DatePicker, Flex, Form, InputNumber, Switch, Typography } from 'antd';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { OnceOpened } from '../../components/OnceOpened';
import { translateKey } from '../../i18n';
import { useUpdateCommission } from './api';
import {
  type CommissionFormValues,
  commissionExample,
  commissionFormValues,
  isValidPercent,
  toCommissionRequest,
} from './commission';

const CommissionHistoryDrawer = lazy(() =>
  import('./CommissionHistoryDrawer').then((m) => ({ default: m.CommissionHistoryDrawer })),
);

/** Commission (agency admins): whether the gmv_fee column shows, and the rate it adds to cost. */
export function CommissionCard({ info }: { info: TBusinessCenterInfo }) {
  const { t } = useTranslation(['businessSettings', 'common']);
  const { message } = useFeedback();
  const [form] = Form.useForm<CommissionFormValues>();
  const update = useUpdateCommission();
  const [history, setHistory] = useState(false);
  const percent = Form.useWatch('percent', form);
  const show = Form.useWatch('show_commission', form);
  const example = commissionExample(percent ?? null);

  const submit = (values: CommissionFormValues) =>
    update.mutate(toCommissionRequest(values), { onSuccess: () => message.success(t('commission.saved')) });

  return (
    <Card
      title={t('commission.title')}
      extra={
        <Button type="link" onClick={() => setHistory(true)}>
          {t('commission.history.open')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('commission.intro')}</Typography.Paragraph>
      <Form<CommissionFormValues>
        form={form}
        layout="vertical"
        initialValues={commissionFormValues(info)}
        onFinish={submit}
      >
        <Form.Item name="show_commission" label={t('commission.show')} extra={t('commission.show_help')}>
          <Switch />
        </Form.Item>
        <Form.Item name="use_commission" label={t('commission.use')} extra={t('commission.use_help')}>
          <Switch />
        </Form.Item>
        <Form.Item
          name="percent"
          label={t('commission.rate')}
          required
          rules={[
            {
              validator: async (_, value: number | null) => {
                if (!isValidPercent(value)) throw new Error(translateKey('validation.commission_rate'));
              },
            },
          ]}
        >
          <InputNumber min={0} max={100} step={0.01} precision={2} suffix="%" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="effective_time"
          label={t('commission.effective_time')}
          extra={t('commission.effective_help')}
        >
          <DatePicker showTime format="YYYY-MM-DD HH:mm:ss" style={{ width: 240 }} />
        </Form.Item>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('commission.example', example)}
          description={show ? t('commission.column_on') : t('commission.column_off')}
        />
        <Flex justify="flex-end">
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            {t('commission.save')}
          </Button>
        </Flex>
      </Form>
      <OnceOpened open={history}>
        <CommissionHistoryDrawer org={info.org_id} open={history} onClose={() => setHistory(false)} />
      </OnceOpened>
    </Card>
  );
}
