import { LOCAL_TIME_ZONE, resolveTimeZone } from '@scaler/domain';
import { Tag, Tooltip } from 'antd';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { getReportType, getTimeZoneChoice, subscribePreferences } from '../../lib/preferences';
import { localRounding } from '../../lib/timeZones';

const snapshot = () => `${getTimeZoneChoice()}|${getReportType()}`;

/**
 * Beside a report's date picker: the time zone its days and hours are counted in and its report
 * dimension (request or event time), both from the global settings, so a figure is never read in the
 * wrong zone.
 */
export function ReportSettingsNote() {
  const { t } = useTranslation(['reports', 'shell']);
  const current = useSyncExternalStore(subscribePreferences, snapshot);
  const [choice, type] = current.split('|');
  const zone = `UTC${resolveTimeZone(choice)}`;
  const rounded = choice === LOCAL_TIME_ZONE ? localRounding() : null;
  const dimension = t(`shell:global.report_${type}` as 'shell:global.report_request');
  return (
    <Tooltip title={t('settings_note.help')}>
      <span>
        <Tag data-testid="report-time-zone">
          {rounded
            ? t('settings_note.time_zone_rounded', { zone, browser: rounded.browser })
            : t('settings_note.time_zone', { zone })}
        </Tag>
        <Tag data-testid="report-dimension">{t('settings_note.report_type', { dimension })}</Tag>
      </span>
    </Tooltip>
  );
}
