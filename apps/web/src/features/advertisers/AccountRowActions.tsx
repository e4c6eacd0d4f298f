import { DownOutlined } from '@ant-design/icons';
import { ADV_STATUS, type TAdvertiserRow } from '@scaler/domain';
import { Button, Dropdown, Flex, type MenuProps, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AccountTableProps } from './AccountTable';

type Props = Pick<AccountTableProps, 'org' | 'canManage' | 'canAssign' | 'actions'> & { row: TAdvertiserRow };

/**
 * Open (approved accounts only), Details, and for admins Edit plus a More menu (Members, Close).
 * Edit and Close belong to admins of the owning center; a closed account offers neither.
 */
export function AccountRowActions({ row, org, canManage, canAssign, actions }: Props) {
  const { t } = useTranslation('advertisers');
  const usable = row.status === ADV_STATUS.active && !row.closed;
  const owner = canManage && row.owner_org_id === org;
  const more: MenuProps['items'] = [
    ...(canAssign && !row.closed ? [{ key: 'members', label: t('members') }] : []),
    ...(owner && !row.closed ? [{ key: 'close', label: t('close'), danger: true }] : []),
  ];
  const onMore: MenuProps['onClick'] = ({ key }) =>
    key === 'close' ? actions.close(row) : actions.members(row);

  return (
    <Flex gap={0} wrap={false}>
      <Tooltip title={usable ? undefined : t('status_error')}>
        <Button type="link" size="small" disabled={!usable} onClick={() => actions.open(row)}>
          {t('open')}
        </Button>
      </Tooltip>
      <Button type="link" size="small" onClick={() => actions.details(row)}>
        {t('details')}
      </Button>
      {owner && (
        <Tooltip title={row.closed ? t('closed_hint') : undefined}>
          <Button type="link" size="small" disabled={row.closed} onClick={() => actions.edit(row)}>
            {t('edit')}
          </Button>
        </Tooltip>
      )}
      {more.length > 0 && (
        <Dropdown menu={{ items: more, onClick: onMore }} trigger={['click']}>
          <Button type="link" size="small" aria-label={t('more_of', { name: row.adv_name })}>
            {t('more')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Flex>
  );
}
