import { type PixelMode, type TCreatePixelResponse, ZCreatePixelRequest } from '@scaler/domain';
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { useCreatePixel } from './api';
import { assetFormErrors, issueFieldErrors, setFieldErrors, unshownError } from './formErrors';
import { PixelFormFields } from './PixelFormFields';
import { newPixel, type PixelFormValues, toPixelRequest } from './pixelForm';

const FIELDS = ['name', 'conversion_type', 'mode'] as const;

/** "Create pixel" (mode 1) and "Create API source" (a pixel in mode 2, whose token is answered once). */
export function CreatePixelModal({
  mode,
  onClose,
  onCreated,
}: {
  /** The mode to create; null: closed. */
  mode: PixelMode | null;
  onClose: () => void;
  onCreated: (pixel: TCreatePixelResponse) => void;
}) {
  const { t } = useTranslation(['assets', 'common']);
  const { message } = useFeedback();
  const [form] = Form.useForm<PixelFormValues>();
  const create = useCreatePixel();

  const submit = (values: PixelFormValues) => {
    const parsed = ZCreatePixelRequest.safeParse(toPixelRequest(values));
    if (!parsed.success)
      return setFieldErrors(form, issueFieldErrors(parsed.error.issues, FIELDS, values.events));
    // `mutateAsync`: the answer is handled even if the list behind the modal re-renders first.
    create.mutateAsync(parsed.data).then(
      (pixel) => {
        message.success(t('pixel.created', { name: pixel.name }));
        onCreated(pixel);
      },
      (error) => {
        const fields = assetFormErrors(error, FIELDS, { existsField: 'name', events: values.events });
        if (fields.length > 0) setFieldErrors(form, fields);
        else if (unshownError(error)) message.error(unshownError(error));
      },
    );
  };

  return (
    <Modal
      open={mode !== null}
      title={t(mode === 2 ? 'api.create' : 'pixel.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t(mode === 2 ? 'api.create_submit' : 'pixel.create_submit')}
      cancelText={t('common:cancel')}
      confirmLoading={create.isPending}
      width={720}
      destroyOnHidden
    >
      {/* A name of its own: its field ids differ from those of a form behind it (the campaign form). */}
      <Form<PixelFormValues>
        form={form}
        name="new-pixel"
        layout="vertical"
        initialValues={newPixel(mode ?? 1)}
        onFinish={submit}
        requiredMark={false}
        preserve={false}
      >
        <PixelFormFields />
      </Form>
    </Modal>
  );
}
