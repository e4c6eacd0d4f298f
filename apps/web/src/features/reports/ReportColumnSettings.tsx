import { SettingOutlined } from '@ant-design/icons';
import { normalizeLocale, type TReportEvent } from '@scaler/domain';
import { Badge, Button, Checkbox, Divider, Flex, Popover, Select, Tooltip, Typography } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eventName } from '../campaigns/columns';
import { useReportEventSearch } from './api';
import {
  APP_EVENTS,
  type ColumnChoice,
  DEFAULT_COLS,
  GROUP_METRICS,
  MAX_EVENT_COLUMNS,
  PAGE_EVENTS,
  REPORT_COLUMN_GROUPS,
  STANDARD_EVENT_TYPES,
} from './reportColumns';

/**
 * The report's column chooser: the metrics by the groups of spec 3, standard web and app events (four
 * columns each), the account's custom events found by id or name, back to the defaults. Grouped by
 * event the report counts conversions only, and the chooser is off.
 */
export function ReportColumnSettings({
  adv,
  choice,
  disabled,
  cohortAllowed,
  customNames,
  label,
  onChange,
}: {
  adv: number | null;
  choice: ColumnChoice;
  disabled: boolean;
  cohortAllowed: boolean;
  customNames: ReadonlyMap<string, TReportEvent>;
  label: (key: string) => string;
  onChange: (next: ColumnChoice) => void;
}) {
  const { t, i18n } = useTranslation(['reports', 'campaigns']);
  const locale = normalizeLocale(i18n.language);
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const search = useReportEventSearch(adv, useDeferredValue(q), open);
  const cols = new Set(choice.cols);
  const events = new Set(choice.events);
  const full = events.size >= MAX_EVENT_COLUMNS;
  const toggleCol = (key: string, on: boolean) => {
    const next = new Set(cols);
    if (on) next.add(key);
    else next.delete(key);
    onChange({ ...choice, cols: [...next] });
  };
  const toggleEvent = (type: string, on: boolean) =>
    onChange({ ...choice, events: on ? [...choice.events, type] : choice.events.filter((e) => e !== type) });
  const custom = choice.events.filter((e) => !STANDARD_EVENT_TYPES.has(e));
  const hidden = choice.events.length + choice.cols.filter((c) => !DEFAULT_COLS.includes(c)).length;

  const eventBoxes = (types: readonly string[]) => (
    <Flex wrap gap={4} style={{ margin: '6px 0 10px' }}>
      {types.map((type) => (
        <Checkbox
          key={type}
          checked={events.has(type)}
          disabled={full && !events.has(type)}
          onChange={(e) => toggleEvent(type, e.target.checked)}
          style={{ width: 200 }}
        >
          {eventName(type, locale)}
        </Checkbox>
      ))}
    </Flex>
  );
  const content = (
    <div style={{ maxWidth: 660, maxHeight: 460, overflow: 'auto' }}>
      {REPORT_COLUMN_GROUPS.map((group) => (
        <div key={group}>
          <Typography.Text strong>
            {group === 'roas' ? t('columns.group_roas') : t(`campaigns:columns.groups.${group}`)}
          </Typography.Text>
          {group === 'roas' && (
            <Typography.Text type="secondary" style={{ display: 'block' }}>
              {cohortAllowed ? t('cohort.hint') : t('cohort.not_here')}
            </Typography.Text>
          )}
          {GROUP_METRICS[group].length > 0 && (
            <Flex wrap gap={4} style={{ margin: '6px 0 10px' }}>
              {GROUP_METRICS[group].map((key) => (
                <Checkbox
                  key={key}
                  checked={cols.has(key)}
                  onChange={(e) => toggleCol(key, e.target.checked)}
                  style={{ width: 200 }}
                >
                  {label(key)}
                </Checkbox>
              ))}
            </Flex>
          )}
          {group === 'page' && eventBoxes(PAGE_EVENTS)}
          {group === 'app_event' && eventBoxes(APP_EVENTS)}
        </div>
      ))}
      <Typography.Text strong>{t('columns.custom_events')}</Typography.Text>
      <Select
        mode="multiple"
        aria-label={t('columns.custom_events')}
        placeholder={t('columns.custom_search')}
        style={{ width: '100%', margin: '6px 0 10px' }}
        value={custom}
        filterOption={false}
        showSearch
        onSearch={setQ}
        maxCount={MAX_EVENT_COLUMNS - (choice.events.length - custom.length)}
        loading={search.isFetching}
        notFoundContent={search.isFetching ? null : t('columns.custom_none')}
        onChange={(next: string[]) =>
          onChange({
            ...choice,
            events: [...choice.events.filter((e) => STANDARD_EVENT_TYPES.has(e)), ...next],
          })
        }
        options={[
          ...custom
            .filter((id) => !(search.data ?? []).some((e) => e.event_id === id))
            .map((id) => ({ value: id, label: customNames.get(id)?.event_name ?? id })),
          ...(search.data ?? []).map((e) => ({
            value: e.event_id,
            label: `${e.event_name} (${e.event_id}) · ${e.asset_name}`,
          })),
        ]}
      />
      {full && (
        <Typography.Text type="secondary" style={{ display: 'block' }}>
          {t('columns.events_full', { max: MAX_EVENT_COLUMNS })}
        </Typography.Text>
      )}
      <Divider style={{ margin: '8px 0' }} />
      <Button size="small" onClick={() => onChange({ cols: [...DEFAULT_COLS], events: [] })}>
        {t('campaigns:columns.reset')}
      </Button>
    </div>
  );
  const button = (
    <Badge count={hidden} size="small" color="blue">
      <Button icon={<SettingOutlined />} disabled={disabled}>
        {t('campaigns:columns.button')}
      </Button>
    </Badge>
  );
  if (disabled) return <Tooltip title={t('columns.by_event')}>{button}</Tooltip>;
  return (
    <Popover
      trigger="click"
      placement="bottomLeft"
      title={t('campaigns:columns.title')}
      content={content}
      open={open}
      onOpenChange={setOpen}
    >
      {button}
    </Popover>
  );
}
