import { EditOutlined } from '@ant-design/icons';
import { type TAppDetail, ZAppEventsRequest } from '@scaler/domain';
import { Button, Card, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { AssetEventsTable } from './AssetEventsTable';
import { useSetAppEvents } from './api';
import { EventListEditor } from './EventListEditor';
import { type EventFormValue, toEventForm, toEventInputs } from './eventForm';
import { assetFormErrors, issueFieldErrors, setFieldErrors, unshownError } from './formErrors';

interface Values {
  events: EventFormValue;
}

/** The app's events with their recording status; operators and admins edit the list in a dialog. */
export function AppEventsCard({ app, canEdit }: { app: TAppDetail; canEdit: boolean }) {
  const { t } = useTranslation(['assets', 'common']);
  const { message } = useFeedback();
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<Values>();
  const save = useSetAppEvents();

  const submit = ({ events }: Values) => {
    const parsed = ZAppEventsRequest.safeParse({ app_id: app._id, events: toEventInputs(events) });
    if (!parsed.success) return setFieldErrors(form, issueFieldErrors(parsed.error.issues, [], events));
    save.mutate(parsed.data, {
      onSuccess: () => {
        message.success(t('events.saved'));
        setEditing(false);
      },
      onError: (error) => {
        const fields = assetFormErrors(error, [], { events });
        if (fields.length > 0) setFieldErrors(form, fields);
        else if (unshownError(error)) message.error(unshownError(error));
      },
    });
  };

  return (
    <Card
      title={t('events.title', { count: app.events.length })}
      extra={
        canEdit && (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t('events.edit')}
          </Button>
        )
      }
    >
      <AssetEventsTable kind="app" events={app.events} />
      <Modal
        open={editing}
        title={t('events.edit_title', { name: app.name })}
        onCancel={() => setEditing(false)}
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
    </Card>
  );
}
