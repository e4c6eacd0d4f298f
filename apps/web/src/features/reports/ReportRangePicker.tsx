import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DeferredRangePicker } from '../../components/DeferredRangePicker';
import type { DateRange } from '../assets/api';
import { PRESETS, presetRange } from '../campaigns/presets';

/** The date range of a report page: days of the report time zone up to today, with the presets of spec 9. */
export function ReportRangePicker({
  range,
  today,
  label,
  onChange,
}: {
  range: DateRange;
  today: string;
  label: string;
  onChange: (range: DateRange) => void;
}) {
  const { t } = useTranslation('campaigns');
  return (
    <DeferredRangePicker
      aria-label={label}
      allowClear={false}
      value={[dayjs(range.start_date), dayjs(range.end_date)]}
      disabledDate={(day) => day.format('YYYY-MM-DD') > today}
      presets={PRESETS.map((p) => {
        const r = presetRange(p, today);
        return { label: t(`presets.${p}`), value: [dayjs(r.start_date), dayjs(r.end_date)] };
      })}
      onChange={(values) => {
        const [start, end] = values ?? [];
        if (start && end)
          onChange({ start_date: start.format('YYYY-MM-DD'), end_date: end.format('YYYY-MM-DD') });
      }}
    />
  );
}
