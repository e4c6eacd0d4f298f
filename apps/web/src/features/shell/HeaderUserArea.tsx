import { lazy, Suspense, useState } from 'react';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { useBcList } from '../business-centers/api';
import { UserPopup } from './UserPopup';
import { useMarkEligible } from './useMarkEligible';

// The dialogs load when first opened: every page has the popup, few visits open them.
const GlobalSettingsDialog = lazy(() =>
  import('./GlobalSettingsDialog').then((m) => ({ default: m.GlobalSettingsDialog })),
);
const ResetPasswordDialog = lazy(() =>
  import('../accounts/ResetPasswordDialog').then((m) => ({ default: m.ResetPasswordDialog })),
);

/** The user popup with the two dialogs it opens (global settings, reset password). */
export function HeaderUserArea({ globalSettings = true }: { globalSettings?: boolean }) {
  const { user, currentOrg } = useConsoleContext();
  const { bcList } = useBcList();
  const canSwitchView = useMarkEligible();
  const [dialog, setDialog] = useState<'global' | 'reset' | null>(null);
  // Once opened, a dialog stays mounted so it can close with its own animation.
  const [opened, setOpened] = useState<ReadonlySet<'global' | 'reset'>>(new Set());
  const open = (which: 'global' | 'reset') => {
    setOpened((s) => new Set(s).add(which));
    setDialog(which);
  };
  if (!user) return null;
  return (
    <>
      <UserPopup
        user={user}
        currentOrg={currentOrg}
        bcList={bcList}
        onGlobalSettings={globalSettings ? () => open('global') : undefined}
        onResetPassword={() => open('reset')}
      />
      <Suspense fallback={null}>
        {opened.has('global') && (
          <GlobalSettingsDialog
            open={dialog === 'global'}
            onClose={() => setDialog(null)}
            canSwitchView={canSwitchView}
          />
        )}
        {opened.has('reset') && (
          <ResetPasswordDialog open={dialog === 'reset'} email={user.email} onClose={() => setDialog(null)} />
        )}
      </Suspense>
    </>
  );
}
