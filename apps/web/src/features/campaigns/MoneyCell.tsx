import { EditOutlined } from '@ant-design/icons';
import { Button, Flex, InputNumber, Popover } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useFeedback } from '../../components/feedback';

/** A bid or budget with an inline editor (for roles that may edit): save writes the object back. */
export function MoneyCell({
  text,
  value,
  editable,
  label,
  min,
  onSave,
}: {
  text: string;
  value: number | null;
  editable: boolean;
  label: string;
  min: number;
  onSave: (value: number) => Promise<unknown>;
}) {
  const { t } = useTranslation('campaigns');
  const { message } = useFeedback();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<number | null>(value);
  const [saving, setSaving] = useState(false);
  if (!editable) return <span>{text}</span>;
  const save = async () => {
    if (draft === null) return;
    setSaving(true);
    try {
      await onSave(draft);
      message.success(t('saved'));
      setOpen(false);
    } catch (e) {
      message.error(e instanceof ApiError ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setDraft(value);
      }}
      trigger="click"
      content={
        <Flex gap={8}>
          <InputNumber
            aria-label={label}
            autoFocus
            min={min}
            precision={4}
            prefix="$"
            value={draft}
            onChange={setDraft}
            onPressEnter={save}
          />
          <Button type="primary" loading={saving} disabled={draft === null} onClick={save}>
            {t('save')}
          </Button>
        </Flex>
      }
    >
      <Button type="link" size="small" style={{ padding: 0 }} aria-label={`${t('edit_money')} ${label}`}>
        {text} <EditOutlined />
      </Button>
    </Popover>
  );
}
