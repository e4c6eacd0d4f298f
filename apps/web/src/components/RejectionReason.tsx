import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A creative's rejection in words (spec 8): the reason of its code, or the operator's own words for
 * 1000 (custom); an operator's note given with another code follows the reason.
 */
export function useRejectionText(): (code: number | null, note: string | null) => string {
  const { t } = useTranslation('creative');
  return (code, note) => {
    const text = note?.trim() ?? '';
    if (code === null || code === 1000) return text || t('reason.1000');
    const reason = t(`reason.${code}` as 'reason.1000', { defaultValue: '' }) || String(code);
    return text ? `${reason} — ${text}` : reason;
  };
}

/** The reason of a rejected creative as a red tag, the whole text in its tooltip. */
export function RejectionTag({ code, note }: { code: number | null; note: string | null }) {
  const text = useRejectionText()(code, note);
  return (
    <Tooltip title={text}>
      <Tag
        color="error"
        style={{ maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis', verticalAlign: 'middle' }}
      >
        {text}
      </Tag>
    </Tooltip>
  );
}
