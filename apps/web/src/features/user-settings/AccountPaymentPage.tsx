import { advCan, type TAccountFinance, type TTransaction } from '@scaler/domain';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Form,
  Input,
  Row,
  Select,
  Skeleton,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { ErrorState } from '../../components/ErrorState';
import { useFeedback } from '../../components/feedback';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { amountRule } from '../finance/amountRule';
import { Money } from '../finance/Money';
import { amountIssue } from '../finance/money';
import { NoAccountSelected } from './NoAccountSelected';
import { useAccountMoney, useAccountTransactions, useSetAccountMoney } from './paymentApi';
import { StatementDownload } from './StatementDownload';

const KINDS = ['topup', 'transfer', 'spend', 'commission', 'refund', 'adjustment'] as const;
const PAGE_SIZE = 20;

/**
 * `/setting/payment`: one account's money (`?adv=`): balance, credit, today's spend and how long the money
 * lasts, the daily spending cap and the low-balance alert (its admins; not the client's admin), the
 * account's ledger rows (type and page in the URL) and its monthly statements.
 */
export function AccountPaymentPage() {
  const { t } = useTranslation(['userSettings', 'finance']);
  const { org, adv, orgAdvs, pathname, search } = useConsoleContext();
  const navigate = useNavigate();
  const money = useAccountMoney(org === null ? null : adv);
  const params = new URLSearchParams(search);
  const kind = params.get('kind') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const go = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    navigate(`${pathname}?${next.toString()}`, { replace: true });
  };
  const ledger = useAccountTransactions(money.data ? adv : null, { kind, page, page_size: PAGE_SIZE });
  const account = orgAdvs.find((a) => a.adv_id === adv);
  const canChange = account
    ? advCan({ advRole: account.adv_role, advStatus: account.status }, 'money.move')
    : false;

  const header = (
    <div>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('payment.title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('payment.subtitle')}</Typography.Text>
    </div>
  );
  if (org === null || adv === null)
    return (
      <Flex vertical gap={16}>
        {header}
        <NoAccountSelected org={org} />
      </Flex>
    );
  if (money.isError) {
    const refused =
      money.error instanceof ApiError && (money.error.status === 403 || money.error.status === 404);
    return (
      <Flex vertical gap={16}>
        {header}
        {refused ? (
          <Card>
            <Empty description={money.error.message} />
          </Card>
        ) : (
          <ErrorState onRetry={() => void money.refetch()} message={money.error.message} />
        )}
      </Flex>
    );
  }
  if (!money.data)
    return (
      <Flex vertical gap={16}>
        {header}
        <Skeleton active paragraph={{ rows: 8 }} />
      </Flex>
    );
  const data = money.data;
  const columns = [
    {
      title: t('finance:tx.time'),
      key: 'time',
      render: (_: unknown, r: TTransaction) => (
        <time dateTime={r.time}>{dayjs(r.time).format('YYYY-MM-DD HH:mm')}</time>
      ),
    },
    {
      title: t('finance:tx.kind'),
      key: 'kind',
      render: (_: unknown, r: TTransaction) => (
        <Tag>{t(`finance:kinds.${r.kind}` as 'finance:kinds.topup')}</Tag>
      ),
    },
    {
      title: t('finance:tx.amount'),
      key: 'amount',
      align: 'right' as const,
      render: (_: unknown, r: TTransaction) => <Money amount={r.amount} currency={r.currency} signed />,
    },
    {
      title: t('finance:tx.balance_after'),
      key: 'balance',
      align: 'right' as const,
      render: (_: unknown, r: TTransaction) => <Money amount={r.balance_after} currency={r.currency} />,
    },
    { title: t('payment.memo'), key: 'memo', render: (_: unknown, r: TTransaction) => r.memo || r.reference },
  ];

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1100 }}>
      {header}
      {data.limited && (
        <Alert
          type="error"
          showIcon
          title={t('payment.limited_title')}
          description={t('payment.limited')}
          data-testid="payment-limited"
        />
      )}
      <Card title={t('payment.summary')} data-testid="payment-summary">
        <Row gutter={[16, 16]}>
          {(
            [
              ['balance', <Money key="b" amount={data.wallet.balance} currency={data.currency} />],
              ['credit', <Money key="c" amount={data.wallet.credit_limit} currency={data.currency} />],
              ['available', <Money key="a" amount={data.wallet.available} currency={data.currency} />],
              ['today', <Money key="t" amount={data.today_spend} currency={data.currency} />],
            ] as const
          ).map(([key, value]) => (
            <Col key={key} xs={12} md={6}>
              <Statistic
                title={t(`payment.${key}`)}
                valueRender={() => value}
                data-testid={`payment-${key}`}
              />
            </Col>
          ))}
        </Row>
        <Typography.Text type="secondary">
          {data.days_left === null ? t('payment.no_pace') : t('payment.days_left', { count: data.days_left })}
        </Typography.Text>
      </Card>
      <LimitsCard data={data} canChange={canChange} />
      <Card title={t('payment.statements')}>
        <StatementDownload path="/scaler/v3/finance/account/statement" />
      </Card>
      <Card
        title={t('payment.transactions')}
        extra={
          <Select
            allowClear
            placeholder={t('payment.all_kinds')}
            aria-label={t('finance:tx.kind')}
            value={kind || undefined}
            style={{ width: 180 }}
            onChange={(v) => go({ kind: v ?? null, page: null })}
            options={KINDS.map((k) => ({
              value: k,
              label: t(`finance:kinds.${k}` as 'finance:kinds.topup'),
            }))}
          />
        }
      >
        {ledger.isError && !ledger.data ? (
          <ErrorState onRetry={() => void ledger.refetch()} message={ledger.error.message} />
        ) : (
          <Table<TTransaction>
            rowKey="id"
            size="small"
            loading={ledger.isFetching}
            dataSource={ledger.data?.list ?? []}
            columns={columns}
            locale={{ emptyText: <Empty description={t('payment.no_transactions')} /> }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: ledger.data?.total ?? 0,
              showSizeChanger: false,
              onChange: (p) => go({ page: String(p) }),
            }}
          />
        )}
      </Card>
    </Flex>
  );
}

/** The daily spending cap and the low-balance alert: empty means none. */
function LimitsCard({ data, canChange }: { data: TAccountFinance; canChange: boolean }) {
  const { t } = useTranslation('userSettings');
  const { message } = useFeedback();
  const [form] = Form.useForm<{ cap: string; alert: string }>();
  const save = useSetAccountMoney();
  useEffect(() => {
    form.setFieldsValue({ cap: data.daily_spend_cap ?? '', alert: data.low_balance_alert ?? '' });
  }, [data.daily_spend_cap, data.low_balance_alert, form]);
  // Empty means none; anything else follows the currency's amount rules.
  const optional = amountRule(data.currency, (value, currency) =>
    value.trim() === '' ? null : amountIssue(value.trim(), currency),
  );
  return (
    <Card title={t('payment.limits')}>
      <Form
        form={form}
        layout="vertical"
        disabled={!canChange}
        onFinish={(v) =>
          save.mutate(
            { daily_spend_cap: v.cap.trim() || null, low_balance_alert: v.alert.trim() || null },
            {
              onSuccess: () => message.success(t('payment.saved')),
              onError: (e) => message.error(e.message),
            },
          )
        }
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="cap" label={t('payment.cap')} extra={t('payment.cap_help')} rules={[optional]}>
              <Input suffix={data.currency} inputMode="decimal" placeholder={t('payment.none')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="alert"
              label={t('payment.alert')}
              extra={t('payment.alert_help')}
              rules={[optional]}
            >
              <Input suffix={data.currency} inputMode="decimal" placeholder={t('payment.none')} />
            </Form.Item>
          </Col>
        </Row>
        {canChange ? (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('payment.save')}
          </Button>
        ) : (
          <Typography.Text type="secondary">{t('payment.read_only')}</Typography.Text>
        )}
      </Form>
    </Card>
  );
}
