import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LinkButton } from '../../components/LinkButton';
import { PageLoading } from '../../components/PageLoading';
import { StatusResult } from '../../components/StatusResult';
import { InvitationAccept } from '../members/InvitationAccept';
import { AuthLayout } from './AuthLayout';
import { useEmailToken } from './api';
import { LoginButton } from './LoginButton';
import { ResetPasswordForm } from './ResetPasswordForm';
import { VerifyEmail } from './VerifyEmail';

/** /email?type=verify|reset|invite&token=: the page the console's e-mails link to (no session needed). */
export function EmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <AuthLayout>
      {params.get('type') === 'invite' && token ? (
        <InvitationAccept token={token} />
      ) : (
        <EmailTokenContent token={token} />
      )}
    </AuthLayout>
  );
}

function EmailTokenContent({ token }: { token: string }) {
  const { t } = useTranslation('accounts');
  const info = useEmailToken(token);

  if (!token) {
    return (
      <StatusResult
        status="warning"
        title={t('email.missing')}
        subTitle={t('email.missing_text')}
        extra={<LoginButton />}
      />
    );
  }
  if (info.isPending) return <PageLoading />;
  if (info.isError) {
    return (
      <StatusResult
        status="error"
        title={t('email.invalid_title')}
        subTitle={info.error.message}
        extra={<LoginButton />}
      />
    );
  }
  const { purpose, email, expired, used } = info.data;
  if (used) {
    return (
      <StatusResult
        status="info"
        title={t('email.used_title')}
        subTitle={t('email.used_text')}
        extra={<LoginButton />}
      />
    );
  }
  if (expired) {
    const again = purpose === 'reset' ? '/login?tab=forgot' : '/login';
    return (
      <StatusResult
        status="warning"
        title={t('email.expired_title')}
        subTitle={t('email.expired_text')}
        extra={
          <LinkButton type="primary" to={again}>
            {t('email.request_new')}
          </LinkButton>
        }
      />
    );
  }
  if (purpose === 'verify') return <VerifyEmail token={token} email={email} />;
  if (purpose === 'reset') return <ResetPasswordForm token={token} email={email} />;
  return <InvitationAccept token={token} />;
}
