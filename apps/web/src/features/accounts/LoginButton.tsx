import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/LinkButton';

export function LoginButton() {
  const { t } = useTranslation('accounts');
  return (
    <LinkButton type="primary" to="/login">
      {t('email.to_login')}
    </LinkButton>
  );
}
