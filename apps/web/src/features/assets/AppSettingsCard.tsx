import { type TAppDetail, ZUpdateAppRequest } from '@scaler/domain';
import { Button, Card, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { AppFormFields } from './AppFormFields';
import { useUpdateApp } from './api';
import { APP_FORM_FIELDS, type AppFormValues, toAppForm } from './appForm';
import { assetFormErrors, issueFieldErrors, setFieldErrors, unshownError } from './formErrors';

/** The app's settings, editable by operators and admins of an approved account, read-only otherwise. */
export function AppSettingsCard({ app, canEdit }: { app: TAppDetail; canEdit: boolean }) {
  const { t } = useTranslation(['assets', 'common']);
  const { message } = useFeedback();
  const [form] = Form.useForm<AppFormValues>();
  const update = useUpdateApp();

  const submit = (values: AppFormValues) => {
    const parsed = ZUpdateAppRequest.safeParse({ ...toAppForm(app), ...values, _id: app._id });
    if (!parsed.success) return setFieldErrors(form, issueFieldErrors(parsed.error.issues, APP_FORM_FIELDS));
    // `mutateAsync`: the answer is shown even if this card is remounted by the refetch first (a
    // per-call `onSuccess` of `mutate` is dropped when its component unmounts).
    update.mutateAsync(parsed.data).then(
      (saved) => void message.success(t('app.saved', { name: saved.name })),
      (error) => {
        const fields = assetFormErrors(error, APP_FORM_FIELDS, { existsField: 'bundle_id' });
        if (fields.length > 0) setFieldErrors(form, fields);
        else if (unshownError(error)) message.error(unshownError(error));
      },
    );
  };

  return (
    <Card title={t('app.settings')} style={{ height: '100%' }}>
      <Form<AppFormValues>
        form={form}
        layout="vertical"
        initialValues={toAppForm(app)}
        onFinish={submit}
        requiredMark={false}
        aria-label={t('app.settings')}
      >
        <AppFormFields disabled={!canEdit} />
        {canEdit && (
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" loading={update.isPending}>
              {t('common:save')}
            </Button>
            <Button onClick={() => form.resetFields()}>{t('reset_form')}</Button>
          </Flex>
        )}
      </Form>
    </Card>
  );
}
