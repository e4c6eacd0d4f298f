import { type TPixelDetail, ZUpdatePixelRequest } from '@scaler/domain';
import { Button, Card, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { useUpdatePixel } from './api';
import { assetFormErrors, issueFieldErrors, setFieldErrors, unshownError } from './formErrors';
import { PixelFormFields } from './PixelFormFields';
import { type PixelFormValues, toPixelForm, toPixelRequest } from './pixelForm';

const FIELDS = ['name', 'conversion_type', 'mode'] as const;

/** Name, conversion type, mode and events of a pixel (PUT /scaler/v3/pixel replaces the events). */
export function PixelSettingsCard({ pixel, canEdit }: { pixel: TPixelDetail; canEdit: boolean }) {
  const { t } = useTranslation(['assets', 'common']);
  const { message } = useFeedback();
  const [form] = Form.useForm<PixelFormValues>();
  const update = useUpdatePixel();

  const submit = (values: PixelFormValues) => {
    const parsed = ZUpdatePixelRequest.safeParse({ ...toPixelRequest(values), _id: pixel._id });
    if (!parsed.success)
      return setFieldErrors(form, issueFieldErrors(parsed.error.issues, FIELDS, values.events));
    // `mutateAsync`: the answer is shown even if this card is remounted by the refetch first (a
    // per-call `onSuccess` of `mutate` is dropped when its component unmounts).
    update.mutateAsync(parsed.data).then(
      (saved) => void message.success(t('pixel.saved', { name: saved.name })),
      (error) => {
        const fields = assetFormErrors(error, FIELDS, { existsField: 'name', events: values.events });
        if (fields.length > 0) setFieldErrors(form, fields);
        else if (unshownError(error)) message.error(unshownError(error));
      },
    );
  };

  return (
    <Card title={t('pixel.settings')}>
      <Form<PixelFormValues>
        form={form}
        layout="vertical"
        initialValues={toPixelForm(pixel)}
        onFinish={submit}
        requiredMark={false}
        aria-label={t('pixel.settings')}
      >
        <PixelFormFields disabled={!canEdit} />
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
