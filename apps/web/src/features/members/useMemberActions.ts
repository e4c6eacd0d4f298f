import type { OrgRole, TInvitation, TMember } from '@scaler/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFeedback } from '../../components/feedback';
import { useCancelInvitation, useRemoveMember, useResendInvitation, useUpdateMemberRole } from './api';

const otherRole = (role: OrgRole): OrgRole => (role === 'org_admin' ? 'org_user' : 'org_admin');

/** The confirmed member and invitation actions; server refusals (LAST_ADMIN) are toasted by the client. */
export function useMemberActions(currentUserId: string | null) {
  const { t } = useTranslation(['members', 'common']);
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const updateRole = useUpdateMemberRole();
  const remove = useRemoveMember();
  const resend = useResendInvitation();
  const cancel = useCancelInvitation();
  const label = (m: TMember) => m.name || m.email;

  const changeRole = (member: TMember) => {
    const role = otherRole(member.org_role);
    const roleName = t(`common:org_role.${role}`);
    modal.confirm({
      title: t('actions.role_confirm_title', { name: label(member), role: roleName }),
      content: t(`actions.role_confirm_text.${role}`, { email: member.email }),
      okText: t('actions.change_role'),
      cancelText: t('common:cancel'),
      onOk: () =>
        updateRole
          .mutateAsync({ userId: member._id, orgRole: role })
          .then(() => message.success(t('actions.role_changed', { name: label(member), role: roleName })))
          .catch(() => undefined),
    });
  };

  const removeMember = (member: TMember) => {
    const self = member._id === currentUserId;
    modal.confirm({
      title: t(self ? 'actions.leave_confirm_title' : 'actions.remove_confirm_title', {
        name: label(member),
      }),
      content: t(self ? 'actions.leave_confirm_text' : 'actions.remove_confirm_text', {
        email: member.email,
        count: member.advs.length,
      }),
      okText: t('actions.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common:cancel'),
      onOk: () =>
        remove
          .mutateAsync(member._id)
          .then(() => {
            message.success(t('actions.removed', { name: label(member) }));
            if (self) navigate('/select');
          })
          .catch(() => undefined),
    });
  };

  const resendInvitation = (invitation: TInvitation) =>
    resend.mutate(invitation.id, {
      onSuccess: () => message.success(t('invitations.resent', { email: invitation.email })),
    });

  const cancelInvitation = (invitation: TInvitation) =>
    modal.confirm({
      title: t('invitations.cancel_confirm_title', { email: invitation.email }),
      content: t('invitations.cancel_confirm_text'),
      okText: t('invitations.cancel'),
      okButtonProps: { danger: true },
      cancelText: t('invitations.keep'),
      onOk: () =>
        cancel
          .mutateAsync(invitation.id)
          .then(() => message.success(t('invitations.cancelled', { email: invitation.email })))
          .catch(() => undefined),
    });

  return {
    changeRole,
    removeMember,
    resendInvitation,
    cancelInvitation,
    resending: resend.isPending ? resend.variables : null,
  };
}
