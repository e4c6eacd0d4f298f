import { Button } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/PageLoading';
import { StatusResult } from '../../components/StatusResult';
import { useVerifyEmail } from './api';
import { LoginButton } from './LoginButton';

/** Verifies the address as soon as the link is opened, then offers to log in. */
export function VerifyEmail({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation(['accounts', 'common']);
  const verify = useVerifyEmail();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verify.mutate(token);
  }, [token, verify]);

  if (verify.isSuccess) {
    return (
      <StatusResult
        status="success"
        title={t('accounts:email.verified_title')}
        subTitle={t('accounts:email.verified_text', { email: verify.data.email })}
        extra={<LoginButton />}
      />
    );
  }
  if (verify.isError) {
    return (
      <StatusResult
        status="error"
        title={t('accounts:email.invalid_title')}
        subTitle={verify.error.message}
        extra={[
          <Button key="retry" onClick={() => verify.mutate(token)}>
            {t('common:retry')}
          </Button>,
          <LoginButton key="login" />,
        ]}
      />
    );
  }
  return (
    <>
      <StatusResult
        status="info"
        title={t('accounts:email.verify_title')}
        subTitle={t('accounts:email.verify_text', { email })}
      />
      <PageLoading />
    </>
  );
}
