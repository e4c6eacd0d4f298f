import type { TAppDetail } from '@scaler/domain';
import { ZAppEventsRequest } from '@scaler/domain';
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { useSetAppEvents } from './api';
import { EventListEditor } from './EventListEditor';
import { type EventFormValue, toEventForm, toEventInputs } from './eventForm';
import { assetFormErrors, issueFieldErrors, setFieldErrors, unshownError } from './formErrors';

interface Values {
  events: EventFormValue;
}

/** Edits the app's list of events (operators and admins). */
export function AppEventsModal({
  app,
  open,
  onClose,
}: {
  app: TAppDetail;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['assets', 'common']);
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const save = useSetAppEvents();

  const submit = ({ events }: Values) => {
    const parsed = ZAppEventsRequest.safeParse({ app_id: app._id, events: toEventInputs(events) });
    if (!parsed.success) return setFieldErrors(form, issueFieldErrors(parsed.error.issues, [], events));
    save.mutate(parsed.data, {
      onSuccess: () => {
        message.success(t('events.saved'));
        onClose();
      },
      onError: (error) => {
        const fields = assetFormErrors(error, [], { events });
        if (fields.length > 0) setFieldErrors(form, fields);
        else if (unshownError(error)) message.error(unshownError(error));
      },
    });
  };

  return (
    <Modal
      open={open}
      title={t('events.edit_title', { name: app.name })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={save.isPending}
      width={760}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ events: toEventForm(app.events) }}
        onFinish={submit}
        requiredMark={false}
        preserve={false}
      >
        <EventListEditor kind="app" />
      </Form>
    </Modal>
  );
}
