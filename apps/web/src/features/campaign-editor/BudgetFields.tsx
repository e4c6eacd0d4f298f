import { Form, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';

/** How a budget shows in a form: `none`, `daily` (budget type 0) or `lifetime` (1), with its amount. */
export type BudgetKind = 'none' | 'daily' | 'lifetime';

export const budgetKindOf = (type: number | null): BudgetKind =>
  type === 0 ? 'daily' : type === 1 ? 'lifetime' : 'none';
export const budgetTypeOf = (kind: BudgetKind): 0 | 1 | null =>
  kind === 'daily' ? 0 : kind === 'lifetime' ? 1 : null;

/** A budget's kind and amount (the amount only when there is a budget). */
export function BudgetFields({ kindName, amountName }: { kindName: string; amountName: string }) {
  const { t } = useTranslation('campaignEditor');
  const kind = Form.useWatch(kindName) as BudgetKind | undefined;
  return (
    <>
      <Form.Item name={kindName} label={t('budget.label')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'none', label: t('budget.none') },
            { value: 'daily', label: t('budget.daily') },
            { value: 'lifetime', label: t('budget.lifetime') },
          ]}
        />
      </Form.Item>
      {kind && kind !== 'none' && (
        <Form.Item
          name={amountName}
          label={t('budget.amount')}
          extra={kind === 'daily' ? t('budget.daily_hint') : t('budget.lifetime_hint')}
        >
          <InputNumber step={1} prefix="$" style={{ width: 220 }} />
        </Form.Item>
      )}
    </>
  );
}
