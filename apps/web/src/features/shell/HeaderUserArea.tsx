import { useState } from 'react';
import { ResetPasswordDialog } from '../accounts/ResetPasswordDialog';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { useBcList } from '../business-centers/api';
import { GlobalSettingsDialog } from './GlobalSettingsDialog';
import { UserPopup } from './UserPopup';
import { useMarkEligible } from './useMarkEligible';

/** The user popup with the two dialogs it opens (global settings, reset password). */
export function HeaderUserArea({ globalSettings = true }: { globalSettings?: boolean }) {
  const { user, currentOrg } = useConsoleContext();
  const { bcList } = useBcList();
  const canSwitchView = useMarkEligible();
  const [dialog, setDialog] = useState<'global' | 'reset' | null>(null);
  if (!user) return null;
  return (
    <>
      <UserPopup
        user={user}
        currentOrg={currentOrg}
        bcList={bcList}
        onGlobalSettings={globalSettings ? () => setDialog('global') : undefined}
        onResetPassword={() => setDialog('reset')}
      />
      <GlobalSettingsDialog
        open={dialog === 'global'}
        onClose={() => setDialog(null)}
        canSwitchView={canSwitchView}
      />
      <ResetPasswordDialog open={dialog === 'reset'} email={user.email} onClose={() => setDialog(null)} />
    </>
  );
}
