import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Divider, Flex, Popover, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { COLUMN_GROUPS, type ColumnDef } from './columns';

/** The column chooser: checkboxes by the groups of spec 3, and back to the defaults. */
export function ColumnSettings({
  columns,
  visible,
  label,
  onChange,
}: {
  columns: readonly ColumnDef[];
  visible: ReadonlySet<string>;
  label: (c: ColumnDef) => string;
  onChange: (next: Set<string>) => void;
}) {
  const { t } = useTranslation('campaigns');
  const content = (
    <div style={{ maxWidth: 640, maxHeight: 420, overflow: 'auto' }}>
      {COLUMN_GROUPS.map((group) => {
        const inGroup = columns.filter((c) => c.group === group && c.key !== 'gmv_fee');
        if (inGroup.length === 0) return null;
        return (
          <div key={group}>
            <Typography.Text strong>{t(`columns.groups.${group}`)}</Typography.Text>
            <Flex wrap gap={4} style={{ margin: '6px 0 10px' }}>
              {inGroup.map((c) => (
                <Checkbox
                  key={c.key}
                  checked={visible.has(c.key)}
                  onChange={(e) => {
                    const next = new Set(visible);
                    if (e.target.checked) next.add(c.key);
                    else next.delete(c.key);
                    onChange(next);
                  }}
                  style={{ width: 200 }}
                >
                  {label(c)}
                </Checkbox>
              ))}
            </Flex>
          </div>
        );
      })}
      <Divider style={{ margin: '8px 0' }} />
      <Button
        size="small"
        onClick={() => onChange(new Set(columns.filter((c) => c.defaultVisible).map((c) => c.key)))}
      >
        {t('columns.reset')}
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('columns.title')} content={content}>
      <Button icon={<SettingOutlined />}>{t('columns.button')}</Button>
    </Popover>
  );
}
