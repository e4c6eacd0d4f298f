import {
  AppstoreOutlined,
  BookOutlined,
  CheckOutlined,
  GlobalOutlined,
  ShopOutlined,
} from '@ant-design/icons';
import { docsLink, LOCALES, normalizeLocale } from '@scaler/domain';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '../../i18n';

/** Language, the business center list in a new tab, and the documentation of the current language. */
export function SwitcherMenu() {
  const { t, i18n } = useTranslation(['shell', 'common']);
  const locale = normalizeLocale(i18n.language);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          {
            key: 'language',
            icon: <GlobalOutlined />,
            label: t('shell:switcher.language'),
            children: LOCALES.map((l) => ({
              key: `lang:${l}`,
              label: t(`common:languages.${l}`),
              icon:
                l === locale ? <CheckOutlined /> : <span style={{ width: 14, display: 'inline-block' }} />,
              onClick: () => void changeLocale(l),
            })),
          },
          {
            key: 'bc',
            icon: <ShopOutlined />,
            label: (
              <a href="/select" target="_blank" rel="noopener noreferrer">
                {t('shell:switcher.business_center')}
              </a>
            ),
          },
          {
            key: 'docs',
            icon: <BookOutlined />,
            label: (
              <a href={docsLink(locale)} target="_blank" rel="noopener noreferrer">
                {t('shell:switcher.documentation')}
              </a>
            ),
          },
        ],
      }}
    >
      <Button type="text" icon={<AppstoreOutlined />} aria-label={t('shell:switcher.label')} />
    </Dropdown>
  );
}
