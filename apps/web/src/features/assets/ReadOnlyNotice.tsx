import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AssetAccess } from './access';

/** Says why nothing can be changed here: the role (analysts) or the account's status. */
export function ReadOnlyNotice({ access }: { access: AssetAccess }) {
  const { t } = useTranslation('assets');
  if (access.canEdit || !access.readOnlyReason) return null;
  return <Alert type="info" showIcon title={t(`read_only.${access.readOnlyReason}`)} />;
}
