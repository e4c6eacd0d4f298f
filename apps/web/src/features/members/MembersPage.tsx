import { UserAddOutlined } from '@ant-design/icons';
import { ORG_ROLES, type OrgRole, orgCan, type TMember } from '@scaler/domain';
import { Button, Card, Empty, Flex, Input, Select, Skeleton, Tabs, Typography } from 'antd';
import { lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { OnceOpened } from '../../components/OnceOpened';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { orgAccessOf } from '../advertisers/access';
import { type MemberFilters, useInvitationList, useMemberList } from './api';
import { InvitationTable } from './InvitationTable';
import { type MemberListQuery, PAGE_SIZES, readMemberQuery, writeMemberQuery } from './listQuery';
import { MemberTable } from './MemberTable';
import { useMemberActions } from './useMemberActions';

// Dialogs load when first opened.
const InviteMembersModal = lazy(() =>
  import('./InviteMembersModal').then((m) => ({ default: m.InviteMembersModal })),
);
const MemberAccountsModal = lazy(() =>
  import('./MemberAccountsModal').then((m) => ({ default: m.MemberAccountsModal })),
);

/** The tab that is not open needs only its count: one row. */
const COUNT_ONLY: MemberFilters = { page: 1, pageSize: 1 };

/**
 * /manage/members: the center's members and, for admins, pending invitations. Search, role, page and
 * page size live in the URL and are applied by the server.
 */
export function MembersPage() {
  const { t } = useTranslation(['members', 'common']);
  const navigate = useNavigate();
  const { org, currentOrg, user, pathname, search } = useConsoleContext();
  const query = readMemberQuery(search);
  const canManage = currentOrg ? orgCan(orgAccessOf(currentOrg), 'members.manage') : false;
  const tab = canManage ? query.tab : 'members';
  const onMembers = tab === 'members';
  const paging = { page: query.page, pageSize: query.pageSize };
  const members = useMemberList(
    org,
    onMembers ? { q: query.q, orgRole: query.orgRole, ...paging } : COUNT_ONLY,
  );
  const invitations = useInvitationList(org, onMembers ? COUNT_ONLY : { q: query.q, ...paging }, canManage);
  const [q, setQ] = useState(query.q);
  const [inviting, setInviting] = useState(false);
  const [assigning, setAssigning] = useState<TMember | null>(null);
  const actions = useMemberActions(user?._id ?? null);
  useEffect(() => setQ(query.q), [query.q]);

  const open = onMembers ? members : invitations;
  const go = (patch: Partial<MemberListQuery>) => navigate(`${pathname}${writeMemberQuery(search, patch)}`);
  // A page past the end (the last row of the last page was removed) shows the last page instead.
  const total = open.data?.total ?? 0;
  const pastEnd = !open.isPlaceholderData && open.data?.list.length === 0 && query.page > 1;
  const lastPage = Math.max(1, Math.ceil(total / query.pageSize));
  useEffect(() => {
    if (pastEnd) navigate(`${pathname}${writeMemberQuery(search, { page: lastPage })}`, { replace: true });
  }, [pastEnd, lastPage, navigate, pathname, search]);

  if (org === null || !currentOrg) return null;
  const filtered = query.q !== '' || (onMembers && query.orgRole !== null);
  const invite = () => setInviting(true);
  const pagination = {
    current: query.page,
    pageSize: query.pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES.map(String),
    onChange: (page: number, pageSize: number) => go(pageSize !== query.pageSize ? { pageSize } : { page }),
  };

  const empty = (text: string) => (
    <Empty description={filtered ? t('empty_filtered') : text} style={{ padding: '32px 0' }}>
      {filtered ? (
        <Button onClick={() => go({ q: '', orgRole: null })}>{t('clear_search')}</Button>
      ) : (
        canManage && (
          <Button type="primary" onClick={invite}>
            {t('invite.open')}
          </Button>
        )
      )}
    </Empty>
  );

  const content = open.isPending ? (
    <Skeleton active avatar paragraph={{ rows: 6 }} />
  ) : open.isError && !open.data ? (
    <ErrorState onRetry={() => open.refetch()} message={open.error.message} />
  ) : total === 0 && !open.isPlaceholderData ? (
    empty(onMembers ? t('empty') : t('invitations.empty'))
  ) : onMembers ? (
    <MemberTable
      rows={members.data?.list ?? []}
      currentUserId={user?._id ?? null}
      pagination={pagination}
      loading={members.isFetching}
      actions={
        canManage
          ? { changeRole: actions.changeRole, accounts: setAssigning, remove: actions.removeMember }
          : null
      }
    />
  ) : (
    <InvitationTable
      rows={invitations.data?.list ?? []}
      pagination={pagination}
      loading={invitations.isFetching}
      resending={actions.resending ?? null}
      onResend={actions.resendInvitation}
      onCancel={actions.cancelInvitation}
    />
  );

  const label = t(onMembers ? 'search' : 'invitations.search');
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="flex-start" gap={16} wrap>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('subtitle', { org: currentOrg.org_name })}</Typography.Text>
        </div>
        {canManage && (
          <Button type="primary" icon={<UserAddOutlined />} onClick={invite}>
            {t('invite.open')}
          </Button>
        )}
      </Flex>
      <Card styles={{ body: { paddingTop: canManage ? 8 : 24 } }}>
        {canManage && (
          <Tabs
            activeKey={tab}
            onChange={(key) => go({ tab: key as MemberListQuery['tab'] })}
            items={[
              { key: 'members', label: t('tabs.members', { count: members.data?.total ?? 0 }) },
              { key: 'invitations', label: t('tabs.invitations', { count: invitations.data?.total ?? 0 }) },
            ]}
          />
        )}
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            value={q}
            onChange={(e) => setQ(e.target.value)}
            onSearch={(value) => go({ q: value })}
            placeholder={label}
            aria-label={label}
            maxLength={64}
            style={{ width: 300 }}
          />
          {onMembers && (
            <Select<OrgRole>
              allowClear
              value={query.orgRole ?? undefined}
              onChange={(value) => go({ orgRole: value ?? null })}
              placeholder={t('role_filter')}
              aria-label={t('role_filter')}
              style={{ width: 180 }}
              options={ORG_ROLES.map((r) => ({ value: r, label: t(`common:org_role.${r}`) }))}
            />
          )}
        </Flex>
        {content}
      </Card>
      {canManage && (
        <OnceOpened open={inviting}>
          <InviteMembersModal
            org={org}
            open={inviting}
            onClose={() => setInviting(false)}
            onInvited={() => {
              setInviting(false);
              go({ tab: 'invitations', q: '' });
            }}
          />
        </OnceOpened>
      )}
      <OnceOpened open={assigning !== null}>
        <MemberAccountsModal org={org} member={assigning} onClose={() => setAssigning(null)} />
      </OnceOpened>
    </Flex>
  );
}
