import { type TInvitationInfo, ZName } from '@scaler/domain';
import type { SafeParser } from '../../components/zodRules';

/** Who is looking at the invitation link: nobody signed in, or a user with this e-mail. */
export type Viewer = { signedIn: false } | { signedIn: true; email: string };

export type InvitationStep =
  /** Signed in as the invited address: one click joins. */
  | { step: 'accept' }
  /** An account exists for the address but nobody is signed in: log in, then come back. */
  | { step: 'login' }
  /** No account for the address yet: choose a name and password to join. */
  | { step: 'signup' }
  /** Signed in as someone else: the invitation needs `email`. */
  | { step: 'wrong_user'; email: string; current: string }
  | { step: 'accepted' | 'cancelled' | 'expired' };

/** What the invitation page offers, from the invitation and the current session. */
export function invitationStep(info: TInvitationInfo, viewer: Viewer): InvitationStep {
  if (info.status !== 'pending') return { step: info.status };
  if (viewer.signedIn) {
    const same = viewer.email.trim().toLowerCase() === info.email.trim().toLowerCase();
    return same ? { step: 'accept' } : { step: 'wrong_user', email: info.email, current: viewer.email };
  }
  return info.has_account ? { step: 'login' } : { step: 'signup' };
}

/** The sign-up form's name rule: the shared `ZName` (required, at most 64 characters). */
export const nameSchema: SafeParser = {
  safeParse: (values) => {
    const result = ZName.safeParse((values as { name?: unknown }).name ?? '');
    if (result.success) return { success: true };
    return {
      success: false,
      error: { issues: result.error.issues.map((i) => ({ path: ['name'], message: i.message })) },
    };
  },
};
