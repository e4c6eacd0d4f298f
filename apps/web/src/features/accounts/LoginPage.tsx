import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { forgetPlaces } from '../../app/navigationMemory';
import { PageLoading } from '../../components/PageLoading';
import { safeRedirect } from '../../lib/context';
import { AuthLayout, AuthNote, AuthTitle } from './AuthLayout';
import { LoginForm } from './LoginForm';

// The other two forms load when asked for: the login form is what nearly every visit needs.
const SignUpForm = lazy(() => import('./SignUpForm').then((m) => ({ default: m.SignUpForm })));
const ForgotPasswordForm = lazy(() =>
  import('./ForgotPasswordForm').then((m) => ({ default: m.ForgotPasswordForm })),
);

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
      <AuthTitle>{t(`${mode === 'login' ? 'login' : mode}.title`)}</AuthTitle>
      {mode === 'login' && (
        <>
          <LoginForm onDone={() => navigate(safeRedirect(params.get('redirect')), { replace: true })} />
          <AuthNote>
            {t('login.no_account')}{' '}
            <Button type="link" size="small" onClick={() => setMode('signup')} style={{ padding: 0 }}>
              {t('login.sign_up_link')}
            </Button>
            {' · '}
            <Button type="link" size="small" onClick={() => setMode('forgot')} style={{ padding: 0 }}>
              {t('login.forgot_link')}
            </Button>
          </AuthNote>
        </>
      )}
      <Suspense fallback={<PageLoading />}>
        {mode === 'signup' && <SignUpForm onBackToLogin={() => setMode('login')} />}
        {mode === 'forgot' && <ForgotPasswordForm onBackToLogin={() => setMode('login')} />}
      </Suspense>
      {mode !== 'login' && (
        <AuthNote>
          {t('signup.have_account')}{' '}
          <Button type="link" size="small" onClick={() => setMode('login')} style={{ padding: 0 }}>
            {t('login.title')}
          </Button>
        </AuthNote>
      )}
    </AuthLayout>
  );
}
