import { EditOutlined } from '@ant-design/icons';
import { Button, Flex, InputNumber, Popover, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useFeedback } from '../../components/feedback';
import { type SafeParser, zodFieldErrors } from '../../components/zodRules';

/**
 * A bid or budget with an inline editor (for roles that may edit): save writes the object back. The
 * amount is checked by the same rule as the forms (`rule`, a domain schema of `{ value }`): an amount
 * out of range or with too many decimals is refused with the rule's message, never rounded or clamped.
 */
export function MoneyCell({
  text,
  value,
  editable,
  label,
  rule,
  onSave,
}: {
  text: string;
  value: number | null;
  editable: boolean;
  label: string;
  rule: SafeParser;
  onSave: (value: number) => Promise<unknown>;
}) {
  const { t } = useTranslation('campaigns');
  const { message } = useFeedback();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<number | null>(value);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const errorId = useId();
  if (!editable) return <span>{text}</span>;
  const save = async () => {
    const problem = zodFieldErrors(rule, { value: draft }, ['value']).value;
    if (problem || draft === null) {
      setError(problem ?? null);
      return;
    }
    setSaving(true);
    try {
      await onSave(draft);
      message.success(t('saved'));
      setOpen(false);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setDraft(value);
          setError(null);
        }
      }}
      trigger="click"
      content={
        <Flex vertical gap={4}>
          <Flex gap={8}>
            <InputNumber
              aria-label={label}
              aria-invalid={error !== null}
              aria-describedby={error ? errorId : undefined}
              status={error ? 'error' : undefined}
              autoFocus
              prefix="$"
              value={draft}
              onChange={(v) => {
                setDraft(v);
                setError(null);
              }}
              onPressEnter={save}
            />
            <Button type="primary" loading={saving} disabled={draft === null} onClick={save}>
              {t('save')}
            </Button>
          </Flex>
          {error && (
            <Typography.Text type="danger" id={errorId} role="alert">
              {error}
            </Typography.Text>
          )}
        </Flex>
      }
    >
      <Button type="link" size="small" style={{ padding: 0 }} aria-label={`${t('edit_money')} ${label}`}>
        {text} <EditOutlined />
      </Button>
    </Popover>
  );
}
