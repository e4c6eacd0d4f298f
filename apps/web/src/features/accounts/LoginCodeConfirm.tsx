import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../components/feedback';
import { AuthLayout, AuthTitle } from './AuthLayout';
import { type PendingLoginCode, signInWithCode } from './loginCode';

/**
 * "Sign in as …?": a sign-in link opened in a signed-out browser that did not ask for it. Whoever sent
 * the link may have made it for their own account, so the page says whose it is, and only Continue spends
 * the code; Cancel drops it and the browser stays signed out. The console proper renders after either.
 */
export function LoginCodeConfirm({ pending, onDone }: { pending: PendingLoginCode; onDone: () => void }) {
  const { t } = useTranslation('accounts');
  const [busy, setBusy] = useState(false);
  const proceed = async () => {
    setBusy(true);
    const problem = await signInWithCode(pending.code);
    onDone();
    if (problem) feedback.message.warning(problem, 8);
  };
  return (
    <AuthLayout>
      <AuthTitle>{t('login_code.title', { email: pending.email })}</AuthTitle>
      <p>
        {pending.name
          ? t('login_code.text_named', { name: pending.name, email: pending.email })
          : t('login_code.text', { email: pending.email })}
      </p>
      <p>{t('login_code.warning')}</p>
      <Flex gap={8} justify="flex-end" style={{ marginTop: 24 }}>
        <Button onClick={onDone} disabled={busy}>
          {t('login_code.cancel')}
        </Button>
        <Button type="primary" loading={busy} onClick={() => void proceed()}>
          {t('login_code.continue')}
        </Button>
      </Flex>
    </AuthLayout>
  );
}
