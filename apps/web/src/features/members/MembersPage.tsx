import { UserAddOutlined } from '@ant-design/icons';
import { orgCan, type TMember } from '@scaler/domain';
import { Button, Card, Empty, Flex, Input, Skeleton, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { orgAccessOf } from '../advertisers/access';
import { useMembersPage } from './api';
import { InvitationTable } from './InvitationTable';
import { InviteMembersModal } from './InviteMembersModal';
import {
  filterInvitations,
  filterMembers,
  type MemberListQuery,
  readMemberQuery,
  writeMemberQuery,
} from './listQuery';
import { MemberAccountsModal } from './MemberAccountsModal';
import { MemberTable } from './MemberTable';
import { useMemberActions } from './useMemberActions';

/** /manage/members: the center's members and, for admins, pending invitations. */
export function MembersPage() {
  const { t } = useTranslation(['members', 'common']);
  const navigate = useNavigate();
  const { org, currentOrg, user, pathname, search } = useConsoleContext();
  const query = readMemberQuery(search);
  const page = useMembersPage(org);
  const [q, setQ] = useState(query.q);
  const [inviting, setInviting] = useState(false);
  const [assigning, setAssigning] = useState<TMember | null>(null);
  const actions = useMemberActions(user?._id ?? null);
  useEffect(() => setQ(query.q), [query.q]);

  if (org === null || !currentOrg) return null;
  const canManage = orgCan(orgAccessOf(currentOrg), 'members.manage');
  const go = (patch: Partial<MemberListQuery>) => navigate(`${pathname}${writeMemberQuery(search, patch)}`);
  const members = filterMembers(page.data?.members ?? [], query.q);
  const invitations = filterInvitations(page.data?.invitations ?? [], query.q);
  const tab = canManage ? query.tab : 'members';
  const filtered = query.q !== '';
  const invite = () => setInviting(true);

  const empty = (text: string) => (
    <Empty description={filtered ? t('empty_filtered') : text} style={{ padding: '32px 0' }}>
      {filtered ? (
        <Button onClick={() => go({ q: '' })}>{t('clear_search')}</Button>
      ) : (
        canManage && (
          <Button type="primary" onClick={invite}>
            {t('invite.open')}
          </Button>
        )
      )}
    </Empty>
  );

  const content = page.isPending ? (
    <Skeleton active avatar paragraph={{ rows: 6 }} />
  ) : page.isError ? (
    <ErrorState onRetry={() => page.refetch()} message={page.error.message} />
  ) : tab === 'members' ? (
    members.length === 0 ? (
      empty(t('empty'))
    ) : (
      <MemberTable
        rows={members}
        currentUserId={user?._id ?? null}
        actions={
          canManage
            ? { changeRole: actions.changeRole, accounts: setAssigning, remove: actions.removeMember }
            : null
        }
      />
    )
  ) : invitations.length === 0 ? (
    empty(t('invitations.empty'))
  ) : (
    <InvitationTable
      rows={invitations}
      resending={actions.resending ?? null}
      onResend={actions.resendInvitation}
      onCancel={actions.cancelInvitation}
    />
  );

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
              { key: 'members', label: t('tabs.members', { count: page.data?.members.length ?? 0 }) },
              {
                key: 'invitations',
                label: t('tabs.invitations', { count: page.data?.invitations.length ?? 0 }),
              },
            ]}
          />
        )}
        <Input.Search
          allowClear
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onSearch={(value) => go({ q: value })}
          placeholder={t(tab === 'members' ? 'search' : 'invitations.search')}
          aria-label={t(tab === 'members' ? 'search' : 'invitations.search')}
          maxLength={64}
          style={{ width: 300, marginBottom: 16 }}
        />
        {content}
      </Card>
      {canManage && (
        <InviteMembersModal
          org={org}
          open={inviting}
          onClose={() => setInviting(false)}
          onInvited={() => {
            setInviting(false);
            go({ tab: 'invitations', q: '' });
          }}
        />
      )}
      <MemberAccountsModal org={org} member={assigning} onClose={() => setAssigning(null)} />
    </Flex>
  );
}
