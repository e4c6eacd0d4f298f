import { ADV_STATUS, type AdvStatus, type TSessionAdv } from '@scaler/domain';
import { Badge, Flex, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { withContext } from '../../lib/context';
import { useAccountSearch } from '../advertisers/api';

type Adv = Pick<TSessionAdv, 'adv_id' | 'adv_name' | 'status'>;

/** How many accounts the switcher's list shows at a time; typing searches the rest on the server. */
export const SWITCHER_PAGE_SIZE = 20;

export interface AdvSwitcherProps {
  org: number;
  /** The URL's account as the routes call names it (null before it loads or when unknown). */
  current: Adv | null;
  /** Where the new page loads: the current URL with the adv replaced; the org stays. */
  currentHref: string;
}

/** Typed text, settled: the search runs once typing pauses. */
function useSettled(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Only active accounts can be chosen; switching reloads the page with the new `adv` (spec 4). The list
 * is the center's accounts a page at a time, searched by name or id on the server when typed into.
 */
export function AdvSwitcher({ org, current, currentHref }: AdvSwitcherProps) {
  const { t } = useTranslation(['shell', 'common']);
  const { message } = useFeedback();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const q = useSettled(text.trim());
  const found = useAccountSearch(org, { q, page: 1, page_size: SWITCHER_PAGE_SIZE }, open);
  const list: Adv[] = found.data?.list ?? [];
  const shown = current && !list.some((a) => a.adv_id === current.adv_id) && !q ? [current, ...list] : list;

  const choose = (advId: number) => {
    if (advId === current?.adv_id) return;
    const adv = shown.find((a) => a.adv_id === advId);
    if (!adv || adv.status !== ADV_STATUS.active) {
      message.warning(t('shell:adv_switcher.status_error'));
      return;
    }
    window.location.replace(withContext(currentHref, { adv: advId }));
  };
  const total = found.data?.total ?? 0;

  return (
    <Select<number>
      aria-label={t('shell:adv_switcher.label')}
      placeholder={t('shell:adv_switcher.placeholder')}
      value={current?.adv_id}
      onChange={choose}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setText('');
      }}
      showSearch={{ filterOption: false, searchValue: text, onSearch: setText }}
      loading={open && found.isFetching}
      notFoundContent={found.isFetching ? null : t('shell:adv_switcher.none')}
      style={{ width: 240 }}
      popupMatchSelectWidth={300}
      popupRender={(menu) => (
        <>
          {menu}
          {total > list.length && (
            <Typography.Text type="secondary" style={{ display: 'block', padding: '4px 12px', fontSize: 12 }}>
              {t('shell:adv_switcher.more', { shown: list.length, total })}
            </Typography.Text>
          )}
        </>
      )}
      options={shown.map((a) => ({
        value: a.adv_id,
        label: (
          <Flex justify="space-between" gap={8}>
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {a.adv_name} <span style={{ color: 'var(--ant-color-text-tertiary)' }}>{a.adv_id}</span>
            </span>
            {a.status !== ADV_STATUS.active && <AdvStatusDot status={a.status} />}
          </Flex>
        ),
      }))}
    />
  );
}

function AdvStatusDot({ status }: { status: AdvStatus }) {
  const { t } = useTranslation('common');
  return (
    <Badge status={status === ADV_STATUS.review ? 'processing' : 'error'} text={t(`adv_status.${status}`)} />
  );
}
