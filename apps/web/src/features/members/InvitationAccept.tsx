import { Alert, Button, Descriptions, Flex, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useFeedback } from '../../components/feedback';
import { LinkButton } from '../../components/LinkButton';
import { PageLoading } from '../../components/PageLoading';
import { StatusResult } from '../../components/StatusResult';
import { loginPath, withContext } from '../../lib/context';
import { useLogout, useSessionRoutes, useUserInfo } from '../accounts/api';
import { LoginButton } from '../accounts/LoginButton';
import { useAcceptInvitation, useInvitationInfo } from './api';
import { InvitationSignUpForm } from './InvitationSignUpForm';
import { invitationStep, type Viewer } from './invitationState';

/** /email?type=invite&token=: join a business center from the invitation e-mail. */
export function InvitationAccept({ token }: { token: string }) {
  const { t } = useTranslation(['members', 'common']);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const here = `${pathname}${search}`;
  const info = useInvitationInfo(token);
  // The routes call answers code -1 when signed out (no login redirect, unlike user_info).
  const routes = useSessionRoutes(null, null);
  const signedIn = routes.data !== null && routes.data !== undefined;
  const user = useUserInfo(null, signedIn);
  const accept = useAcceptInvitation();
  const logout = useLogout();
  const { message } = useFeedback();

  useEffect(() => {
    // A new account is signed in by the acceptance: straight into the center.
    if (accept.data?.signed_up) {
      message.success(t('accept.joined', { org: info.data?.org_name ?? '' }));
      navigate(withContext('/manage/overview', { org: accept.data.org_id }), { replace: true });
    }
  }, [accept.data, info.data, message, navigate, t]);

  if (accept.isSuccess) {
    return (
      <StatusResult
        status="success"
        title={t('accept.joined', { org: info.data?.org_name ?? '' })}
        subTitle={info.data && t('accept.joined_text', { role: t(`common:org_role.${info.data.org_role}`) })}
        extra={
          <LinkButton type="primary" to={withContext('/manage/overview', { org: accept.data.org_id })}>
            {t('accept.open_center')}
          </LinkButton>
        }
      />
    );
  }
  if (info.isPending || routes.isPending || (signedIn && user.isPending)) return <PageLoading />;
  if (info.isError) {
    return (
      <StatusResult
        status="error"
        title={t('accept.invalid_title')}
        subTitle={info.error.message}
        extra={<LoginButton />}
      />
    );
  }
  const invitation = info.data;
  const viewer: Viewer =
    signedIn && user.data ? { signedIn: true, email: user.data.email } : { signedIn: false };
  const state = invitationStep(invitation, viewer);
  const openCenter = withContext('/manage/overview', { org: invitation.org_id });
  const role = t(`common:org_role.${invitation.org_role}`);

  if (state.step === 'accepted' || state.step === 'cancelled' || state.step === 'expired') {
    const extra =
      state.step === 'accepted' && signedIn ? (
        <LinkButton type="primary" to={openCenter}>
          {t('accept.open_center')}
        </LinkButton>
      ) : (
        <LoginButton />
      );
    return (
      <StatusResult
        status={state.step === 'accepted' ? 'info' : 'warning'}
        title={t(`accept.${state.step}_title`)}
        subTitle={t(`accept.${state.step}_text`, { org: invitation.org_name })}
        extra={extra}
      />
    );
  }

  const switchUser = () =>
    logout.mutate(async () => {
      if (invitation.has_account) await navigate(loginPath(here), { replace: true });
      else window.location.assign(here);
    });

  let action: ReactNode;
  if (state.step === 'accept') {
    action = (
      <>
        {accept.isError && (
          <Alert
            type="error"
            showIcon
            title={accept.error.message}
            style={{ marginBottom: 16 }}
            role="alert"
          />
        )}
        <Button
          type="primary"
          size="large"
          block
          loading={accept.isPending}
          onClick={() => accept.mutate({ token })}
        >
          {t('accept.accept')}
        </Button>
      </>
    );
  } else if (state.step === 'login') {
    action = (
      <>
        <Typography.Paragraph type="secondary">
          {t('accept.login_text', { email: invitation.email })}
        </Typography.Paragraph>
        <LinkButton type="primary" size="large" block to={loginPath(here)}>
          {t('accept.login')}
        </LinkButton>
      </>
    );
  } else if (state.step === 'wrong_user') {
    action = (
      <>
        <Alert
          type="warning"
          showIcon
          title={t('accept.wrong_user', { email: state.email, current: state.current })}
          style={{ marginBottom: 16 }}
        />
        <Button type="primary" size="large" block loading={logout.isPending} onClick={switchUser}>
          {t(invitation.has_account ? 'accept.switch_login' : 'accept.switch_signup')}
        </Button>
      </>
    );
  } else {
    action = <InvitationSignUpForm token={token} accept={accept} />;
  }

  return (
    <Flex vertical>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('accept.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('accept.text', { org: invitation.org_name, role })}
      </Typography.Paragraph>
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 24 }}>
        <Descriptions.Item label={t('accept.center')}>
          {invitation.org_name} ({invitation.org_id})
        </Descriptions.Item>
        <Descriptions.Item label={t('accept.role')}>{role}</Descriptions.Item>
        <Descriptions.Item label={t('accept.email')}>{invitation.email}</Descriptions.Item>
      </Descriptions>
      {action}
    </Flex>
  );
}
