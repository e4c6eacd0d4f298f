import { QuestionCircleOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The "Users" heading with what it counts: the distinct users of a day, or, over several days, the sum
 * of the daily unique users (decisions 6).
 */
export function UvTitle({ range }: { range: boolean }) {
  const { t } = useTranslation('assets');
  const help = t(range ? 'report.uv_range_help' : 'report.uv_day_help');
  return (
    <Tooltip title={help}>
      <span>
        {t('report.uv')} <QuestionCircleOutlined aria-label={help} style={{ fontSize: 12 }} />
      </span>
    </Tooltip>
  );
}
