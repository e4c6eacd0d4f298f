import { KeyOutlined } from '@ant-design/icons';
import { LOCALES, type Locale, normalizeLocale, type TProfileRequest, ZProfileRequest } from '@scaler/domain';
import { Alert, Button, Card, Flex, Form, Input, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { zodRules } from '../../components/zodRules';
import { changeLocale } from '../../i18n';
import { ResetPasswordDialog } from '../accounts/ResetPasswordDialog';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { serverFieldErrors } from '../advertisers/formErrors';
import { AvatarUpload } from '../files/AvatarUpload';
import { useUpdateProfile } from './api';

interface Values {
  name: string;
  avatar: string | null;
  language: Locale;
}
const rules = zodRules(ZProfileRequest, ['name', 'avatar', 'language']);

/** /setting/index: the user's name, avatar and language, and the password dialog. */
export function ProfilePage() {
  const { t, i18n } = useTranslation(['userSettings', 'common']);
  const { message } = useFeedback();
  const { user } = useConsoleContext();
  const [form] = Form.useForm<Values>();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const update = useUpdateProfile();
  if (!user) return <Skeleton active />;

  const initialAvatar = user.avatar_middle;
  const submit = (values: Values) => {
    const body: TProfileRequest = ZProfileRequest.parse({
      name: values.name,
      language: values.language,
      // An avatar the user did not change is not sent (it may not be an uploaded path).
      ...(values.avatar !== initialAvatar ? { avatar: values.avatar } : {}),
    });
    update.mutate(body, {
      onSuccess: async () => {
        await changeLocale(body.language);
        message.success(t('userSettings:profile.saved'));
      },
      onError: (error) => form.setFields(serverFieldErrors(error, ['name', 'avatar', 'language']) as never),
    });
  };

  return (
    <Flex vertical gap={16} style={{ maxWidth: 760 }}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('userSettings:profile.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('userSettings:profile.subtitle')}</Typography.Text>
      </div>
      <Card title={t('userSettings:profile.card')}>
        {update.isError && (
          <Alert type="error" showIcon title={update.error.message} style={{ marginBottom: 16 }} />
        )}
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={submit}
          initialValues={{
            name: user.name,
            avatar: user.avatar_middle,
            language: normalizeLocale(user.language || i18n.language),
          }}
        >
          <Form.Item name="avatar" label={t('userSettings:profile.avatar')} rules={rules.avatar}>
            <AvatarUpload
              type="member"
              buttonText={t('userSettings:profile.upload_avatar')}
              hint={t('userSettings:profile.avatar_help')}
            />
          </Form.Item>
          <Form.Item label={t('userSettings:profile.email')}>
            <Input value={user.email} disabled />
          </Form.Item>
          <Form.Item name="name" label={t('userSettings:profile.name')} rules={rules.name} required>
            <Input maxLength={64} showCount autoComplete="name" />
          </Form.Item>
          <Form.Item
            name="language"
            label={t('userSettings:profile.language')}
            extra={t('userSettings:profile.language_help')}
            rules={rules.language}
          >
            <Select options={LOCALES.map((l) => ({ value: l, label: t(`common:languages.${l}`) }))} />
          </Form.Item>
          <Flex justify="flex-end">
            <Button type="primary" htmlType="submit" loading={update.isPending}>
              {t('userSettings:profile.save')}
            </Button>
          </Flex>
        </Form>
      </Card>
      <Card title={t('userSettings:password.title')}>
        <Flex justify="space-between" align="center" gap={16} wrap>
          <Typography.Text type="secondary">{t('userSettings:password.text')}</Typography.Text>
          <Button icon={<KeyOutlined />} onClick={() => setPasswordOpen(true)}>
            {t('userSettings:password.change')}
          </Button>
        </Flex>
      </Card>
      <ResetPasswordDialog open={passwordOpen} email={user.email} onClose={() => setPasswordOpen(false)} />
    </Flex>
  );
}
