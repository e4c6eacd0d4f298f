import type { TOrgSummary, TUserInfo } from '@scaler/domain';
import { Button, Flex, Popover, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withContext } from '../../lib/context';
import { UserAvatar } from './UserAvatar';

export interface UserPopupProps {
  user: TUserInfo;
  currentOrg: TOrgSummary | null;
  /** Active centers the user may switch to (bcList). */
  bcList: readonly TOrgSummary[];
  onGlobalSettings?: () => void;
  onResetPassword: () => void;
}

/** Switching to another center replaces `org` (dropping `adv`) and reloads the page (spec 2). */
export function switchOrgHref(currentHref: string, orgId: number): string {
  return withContext(currentHref, { org: orgId, adv: null });
}

// The popup's content (menus, the centers to switch to) loads when it is first opened.
const UserPopupPanel = lazy(() => import('./UserPopupPanel').then((m) => ({ default: m.UserPopupPanel })));

export function UserPopup(props: UserPopupProps) {
  const { user } = props;
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);

  const content = (
    <Suspense
      fallback={
        <Flex justify="center" style={{ width: 280, padding: 32 }}>
          <Spin />
        </Flex>
      }
    >
      <UserPopupPanel {...props} onClose={() => setOpen(false)} />
    </Suspense>
  );

  return (
    <Popover content={content} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen}>
      <Button type="text" aria-label={t('user.menu')} style={{ height: 40, paddingInline: 6 }}>
        <Flex gap={8} align="center">
          <UserAvatar src={user.avatar_middle} email={user.email} size={28} />
          <span style={{ maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {user.name || user.email}
          </span>
        </Flex>
      </Button>
    </Popover>
  );
}
