import { type ReactNode, Suspense, useState } from 'react';

/**
 * Renders its children, a dialog or drawer loaded with `React.lazy`, from the first time `open` is
 * true: most visits of a page never open it, and antd's Modal, Drawer and the forms inside them are a
 * good part of a page's weight. Until then nothing renders (as for a closed antd dialog); once opened
 * it stays mounted, so it closes with its own animation and opens again at once.
 *
 * ```tsx
 * const InviteMembersModal = lazy(() =>
 *   import('./InviteMembersModal').then((m) => ({ default: m.InviteMembersModal })),
 * );
 * <OnceOpened open={inviting}><InviteMembersModal open={inviting} ... /></OnceOpened>
 * ```
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open ? <Suspense fallback={null}>{children}</Suspense> : null;
}
