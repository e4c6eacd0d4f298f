import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Divider, Flex, Popover, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { COLUMN_GROUPS, type ColumnDef, moveColumn } from './columns';

/**
 * The column chooser: checkboxes by the groups of spec 3; the shown columns in their order, each
 * movable left or right (headers can also be dragged onto one another); back to the defaults.
 */
export function ColumnSettings({
  columns,
  visible,
  order,
  label,
  onChange,
  onOrder,
  onReset,
}: {
  columns: readonly ColumnDef[];
  visible: ReadonlySet<string>;
  order: readonly string[];
  label: (c: ColumnDef) => string;
  onChange: (next: Set<string>) => void;
  onOrder: (next: string[]) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation('campaigns');
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const shown = order.filter((k) => visible.has(k) && byKey.has(k));
  const content = (
    <Flex gap={16} style={{ maxHeight: 460 }}>
      <div style={{ maxWidth: 640, overflow: 'auto' }}>
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
        <Button size="small" onClick={onReset}>
          {t('columns.reset')}
        </Button>
      </div>
      <div style={{ width: 250, overflow: 'auto' }}>
        <Typography.Text strong>{t('columns.order')}</Typography.Text>
        <ol aria-label={t('columns.order')} style={{ listStyle: 'none', padding: 0, margin: '6px 0 0' }}>
          {shown.map((key, i) => {
            const c = byKey.get(key) as ColumnDef;
            const name = label(c);
            return (
              <li key={key}>
                <Flex align="center" gap={4}>
                  <Typography.Text ellipsis style={{ flex: 1 }}>
                    {name}
                  </Typography.Text>
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowUpOutlined />}
                    disabled={i === 0}
                    aria-label={t('columns.move_left', { column: name })}
                    title={t('columns.move_left', { column: name })}
                    onClick={() => onOrder(moveColumn(order, visible, key, -1))}
                  />
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowDownOutlined />}
                    disabled={i === shown.length - 1}
                    aria-label={t('columns.move_right', { column: name })}
                    title={t('columns.move_right', { column: name })}
                    onClick={() => onOrder(moveColumn(order, visible, key, 1))}
                  />
                </Flex>
              </li>
            );
          })}
        </ol>
      </div>
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('columns.title')} content={content}>
      <Button icon={<SettingOutlined />}>{t('columns.button')}</Button>
    </Popover>
  );
}
