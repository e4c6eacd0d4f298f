import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ALL_HOURS,
  countOn,
  isOn,
  NO_HOURS,
  setRect,
  toggleDay,
  toggleHour,
  WORKING_HOURS,
} from './dayparting';

const DAYS = [0, 1, 2, 3, 4, 5, 6] as const;
const HOURS = Array.from({ length: 24 }, (_, h) => h);
const CELL = 22;
const HEADING = { border: 0, background: 'none', cursor: 'pointer' } as const;

/**
 * The 7 × 24 dayparting grid (the account's time zone): click an hour, drag over a rectangle, click a
 * day or an hour heading for the whole row or column. Every cell is a button (Tab, Enter, Space), its
 * state in `aria-pressed`.
 */
export function DaypartingGrid({
  value,
  onChange,
  timeZone,
}: {
  value?: string | null;
  onChange?: (grid: string) => void;
  timeZone: string;
}) {
  const { t } = useTranslation('campaignEditor');
  const grid = value && value.length === 168 ? value : NO_HOURS;
  const [drag, setDrag] = useState<{ day: number; hour: number; on: boolean } | null>(null);
  const [hover, setHover] = useState<{ day: number; hour: number } | null>(null);
  const inDrag = (d: number, h: number) =>
    drag !== null &&
    hover !== null &&
    d >= Math.min(drag.day, hover.day) &&
    d <= Math.max(drag.day, hover.day) &&
    h >= Math.min(drag.hour, hover.hour) &&
    h <= Math.max(drag.hour, hover.hour);
  const finish = (day: number, hour: number) => {
    if (!drag) return;
    onChange?.(setRect(grid, drag, { day, hour }, drag.on));
    setDrag(null);
  };
  const day = (d: number) => t(`dayparting.days.${d}` as 'dayparting.days.0');

  return (
    <Flex vertical gap={8} onMouseLeave={() => setDrag(null)}>
      <Flex gap={8} wrap align="center">
        <Button size="small" onClick={() => onChange?.(ALL_HOURS)}>
          {t('dayparting.all')}
        </Button>
        <Button size="small" onClick={() => onChange?.(WORKING_HOURS)}>
          {t('dayparting.working')}
        </Button>
        <Button size="small" onClick={() => onChange?.(NO_HOURS)}>
          {t('dayparting.clear')}
        </Button>
        <Typography.Text type="secondary">
          {t('dayparting.summary', { hours: countOn(grid), zone: timeZone })}
        </Typography.Text>
      </Flex>
      <div style={{ overflowX: 'auto', userSelect: 'none' }}>
        <table aria-label={t('dayparting.label')} style={{ borderCollapse: 'collapse' }}>
          <thead>
            <tr>
              <th style={{ width: 56 }} />
              {HOURS.map((h) => (
                <th key={h} style={{ padding: 0, fontWeight: 'normal' }}>
                  <button
                    type="button"
                    aria-label={t('dayparting.hour', { hour: h })}
                    onClick={() => onChange?.(toggleHour(grid, h))}
                    style={{ ...HEADING, width: CELL, fontSize: 10, padding: 0 }}
                  >
                    {h}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {DAYS.map((d) => (
              <tr key={d}>
                <th style={{ padding: 0, fontWeight: 'normal' }}>
                  <button
                    type="button"
                    onClick={() => onChange?.(toggleDay(grid, d))}
                    style={{ ...HEADING, width: 56, fontSize: 12, textAlign: 'left' }}
                  >
                    {day(d)}
                  </button>
                </th>
                {HOURS.map((h) => {
                  const on = drag && inDrag(d, h) ? drag.on : isOn(grid, d, h);
                  return (
                    <td key={h} style={{ padding: 1 }}>
                      <button
                        type="button"
                        aria-pressed={isOn(grid, d, h)}
                        aria-label={t('dayparting.cell', { day: day(d), hour: h })}
                        data-testid={`daypart-${d}-${h}`}
                        onMouseDown={(e) => {
                          e.preventDefault();
                          setDrag({ day: d, hour: h, on: !isOn(grid, d, h) });
                          setHover({ day: d, hour: h });
                        }}
                        onMouseEnter={() => setHover({ day: d, hour: h })}
                        onMouseUp={() => finish(d, h)}
                        onKeyDown={(e) => {
                          if (e.key === 'Enter' || e.key === ' ') {
                            e.preventDefault();
                            onChange?.(
                              setRect(grid, { day: d, hour: h }, { day: d, hour: h }, !isOn(grid, d, h)),
                            );
                          }
                        }}
                        style={{
                          display: 'block',
                          width: CELL - 2,
                          height: 20,
                          padding: 0,
                          border: '1px solid #d9d9d9',
                          borderRadius: 2,
                          background: on ? '#1677ff' : '#fff',
                          cursor: 'pointer',
                        }}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Flex>
  );
}
