import { type TAppDetail, ZCreateAppRequest } from '@scaler/domain';
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { AppFormFields } from './AppFormFields';
import { useCreateApp } from './api';
import { APP_FORM_FIELDS, type AppFormValues, NEW_APP } from './appForm';
import { assetFormErrors, issueFieldErrors, setFieldErrors, unshownError } from './formErrors';

/** "Create app": the app's fields; its events start with the install event and are edited on its page. */
export function CreateAppModal({
  open,
  onClose,
  onCreated,
  defaults,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (app: TAppDetail) => void;
  /** Fields filled in advance (the campaign form asks for an app of its operating system). */
  defaults?: Partial<AppFormValues>;
}) {
  const { t } = useTranslation(['assets', 'common']);
  const { message } = useFeedback();
  const [form] = Form.useForm<AppFormValues>();
  const create = useCreateApp();

  const submit = (values: AppFormValues) => {
    const parsed = ZCreateAppRequest.safeParse({ ...NEW_APP, ...values });
    if (!parsed.success) return setFieldErrors(form, issueFieldErrors(parsed.error.issues, APP_FORM_FIELDS));
    // `mutateAsync`: the answer is handled even if the list behind the modal re-renders first.
    create.mutateAsync(parsed.data).then(
      (app) => {
        message.success(t('app.created', { name: app.name }));
        onCreated(app);
      },
      (error) => {
        const fields = assetFormErrors(error, APP_FORM_FIELDS, { existsField: 'bundle_id' });
        if (fields.length > 0) setFieldErrors(form, fields);
        else if (unshownError(error)) message.error(unshownError(error));
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('app.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('app.create_submit')}
      cancelText={t('common:cancel')}
      confirmLoading={create.isPending}
      width={640}
      destroyOnHidden
    >
      {/* A name of its own: its field ids differ from those of a form behind it (the campaign form). */}
      <Form<AppFormValues>
        form={form}
        name="new-app"
        layout="vertical"
        initialValues={{ ...NEW_APP, ...defaults }}
        onFinish={submit}
        requiredMark={false}
        preserve={false}
      >
        <AppFormFields />
      </Form>
    </Modal>
  );
}
