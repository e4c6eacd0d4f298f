import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/LinkButton';

/** An asset that is not there: deleted, another account's, or a link whose id is no asset id at all. */
export function AssetNotFound({ back }: { back: { to: string; label: string } }) {
  const { t } = useTranslation('assets');
  return (
    <Result
      status="404"
      title={t('not_found.title')}
      subTitle={t('not_found.text')}
      extra={
        <LinkButton type="primary" to={back.to}>
          {back.label}
        </LinkButton>
      }
    />
  );
}
