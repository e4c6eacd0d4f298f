import { REPORT_MAX_DAYS } from '@scaler/domain';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { DeferredRangePicker } from '../../components/DeferredRangePicker';
import { readDateRange, reportToday, writeDateRange } from './dateRange';

/** The report range of the page's URL and its picker (days in the report time zone, at most 366). */
export function useReportRange() {
  const { t } = useTranslation('assets');
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const today = reportToday();
  const range = readDateRange(search, today);

  const picker = (
    <DeferredRangePicker
      aria-label={t('report.range')}
      allowClear={false}
      value={[dayjs(range.start_date), dayjs(range.end_date)]}
      disabledDate={(day, info) => {
        if (day.format('YYYY-MM-DD') > today) return true;
        const from = info?.from;
        return from ? Math.abs(day.diff(from, 'day')) >= REPORT_MAX_DAYS : false;
      }}
      presets={[7, 30, 90].map((days) => ({
        label: t('report.last_days', { count: days }),
        value: [dayjs(today).subtract(days - 1, 'day'), dayjs(today)],
      }))}
      onChange={(values) => {
        const [start, end] = values ?? [];
        if (!start || !end) return;
        const next = { start_date: start.format('YYYY-MM-DD'), end_date: end.format('YYYY-MM-DD') };
        navigate(`${pathname}${writeDateRange(search, next, today)}`, { replace: true });
      }}
    />
  );
  return { range, picker };
}
