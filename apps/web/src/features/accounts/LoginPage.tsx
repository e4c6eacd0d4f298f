import { useQueryClient } from '@tanstack/react-query';
import { Button, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { forgetPlaces } from '../../app/navigationMemory';
import { safeRedirect } from '../../lib/context';
import { AuthLayout } from './AuthLayout';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { LoginForm } from './LoginForm';
import { SignUpForm } from './SignUpForm';

type Mode = 'login' | 'signup' | 'forgot';

/** /login?redirect=...&tab=signup|forgot. Entering it resets the router state (menus, caches). */
export function LoginPage() {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab');
  const mode: Mode = tab === 'signup' || tab === 'forgot' ? tab : 'login';

  useEffect(() => {
    queryClient.clear();
    forgetPlaces();
  }, [queryClient]);

  const setMode = (next: Mode) => {
    const copy = new URLSearchParams(params);
    if (next === 'login') copy.delete('tab');
    else copy.set('tab', next);
    setParams(copy, { replace: true });
  };

  return (
    <AuthLayout>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t(`${mode === 'login' ? 'login' : mode}.title`)}
      </Typography.Title>
      {mode === 'login' && (
        <>
          <LoginForm onDone={() => navigate(safeRedirect(params.get('redirect')), { replace: true })} />
          <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
            {t('login.no_account')}{' '}
            <Button type="link" size="small" onClick={() => setMode('signup')} style={{ padding: 0 }}>
              {t('login.sign_up_link')}
            </Button>
            {' · '}
            <Button type="link" size="small" onClick={() => setMode('forgot')} style={{ padding: 0 }}>
              {t('login.forgot_link')}
            </Button>
          </Typography.Paragraph>
        </>
      )}
      {mode === 'signup' && <SignUpForm onBackToLogin={() => setMode('login')} />}
      {mode === 'forgot' && <ForgotPasswordForm onBackToLogin={() => setMode('login')} />}
      {mode !== 'login' && (
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
          {t('signup.have_account')}{' '}
          <Button type="link" size="small" onClick={() => setMode('login')} style={{ padding: 0 }}>
            {t('login.title')}
          </Button>
        </Typography.Paragraph>
      )}
    </AuthLayout>
  );
}
