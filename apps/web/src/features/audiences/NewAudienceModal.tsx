import type { TAudience, TAudienceInput } from '@scaler/domain';
import { Form, Modal, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useFeedback } from '../../components/feedback';
import { serverFieldErrors } from '../../components/serverFieldErrors';
import { useSaveAudience } from './api';
import { EventsAudienceForm, type EventsAudienceValues } from './EventsAudienceForm';
import { UploadAudienceForm, type UploadAudienceValues } from './UploadAudienceForm';

type Tab = 'events' | 'upload';
const EVENTS_FIELDS = ['name', 'app_id', 'pixel_id', 'event_ids', 'lookback_days'] as const;
const UPLOAD_FIELDS = ['name', 'os', 'device_ids'] as const;

/**
 * "New audience": people who did events of one of the account's apps or pixels lately, or a list of
 * device ids (pasted or read from a file, counted before sending). The created audience is handed to
 * `onCreated`; both kinds are built after the answer (status 1 meanwhile: an upload's members are
 * written in the background).
 */
export function NewAudienceModal({
  adv,
  explicit,
  onClose,
  onCreated,
}: {
  adv: number | null;
  explicit: boolean;
  onClose: () => void;
  onCreated: (audience: TAudience) => void;
}) {
  const { t } = useTranslation('audiences');
  const { message } = useFeedback();
  const [tab, setTab] = useState<Tab>('events');
  const [eventsForm] = Form.useForm<EventsAudienceValues>();
  const [uploadForm] = Form.useForm<UploadAudienceValues>();
  const save = useSaveAudience(adv, explicit);

  /** Saves; a refusal's field errors go to the form (`showFields` says whether it had any). */
  const send = (body: TAudienceInput, showFields: (error: unknown) => boolean) =>
    save.mutateAsync(body).then(
      (audience) => {
        message.success(
          audience.source_type === 1
            ? t('created', { name: audience.name })
            : t('created_upload', { name: audience.name, count: audience.upload?.valid ?? 0 }),
        );
        onCreated(audience);
      },
      (error) => {
        if (showFields(error)) return;
        // A silent call: business refusals and 403s are shown here (the client shows the others).
        if (error instanceof ApiError && (error.kind === 'business' || error.status === 403)) {
          message.error(error.message);
        }
      },
    );

  return (
    <Modal
      open
      title={t('modal.title')}
      okText={t('modal.create')}
      cancelText={t('modal.cancel')}
      onOk={() => (tab === 'events' ? eventsForm : uploadForm).submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      width={640}
      destroyOnHidden
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        items={[
          {
            key: 'events',
            label: t('modal.tab_events'),
            children: (
              <EventsAudienceForm
                form={eventsForm}
                adv={adv}
                explicit={explicit}
                onSubmit={(body) =>
                  send(body, (error) => {
                    const fields = serverFieldErrors(error, EVENTS_FIELDS);
                    eventsForm.setFields(fields);
                    return fields.length > 0;
                  })
                }
              />
            ),
          },
          {
            key: 'upload',
            label: t('modal.tab_upload'),
            children: (
              <UploadAudienceForm
                form={uploadForm}
                onSubmit={(body) =>
                  send(body, (error) => {
                    const fields = serverFieldErrors(error, UPLOAD_FIELDS);
                    uploadForm.setFields(fields);
                    return fields.length > 0;
                  })
                }
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
