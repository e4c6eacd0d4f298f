import { type TAudienceInput, ZAudienceFromEvents } from '@scaler/domain';
import { Alert, Form, type FormInstance, type FormRule, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRules } from '../../components/zodRules';
import { translateKey } from '../../i18n';
import { type AssetKind, useAudienceAssetEvents, useAudienceAssets } from './api';

export interface EventsAudienceValues {
  name: string;
  source_type: 1;
  asset_kind: AssetKind;
  app_id: string | null;
  pixel_id: string | null;
  event_ids: string[];
  lookback_days: number | null;
}

const rules = zodRules(ZAudienceFromEvents, ['name', 'event_ids', 'lookback_days']);

const initialValues: EventsAudienceValues = {
  name: '',
  source_type: 1,
  asset_kind: 'app',
  app_id: null,
  pixel_id: null,
  event_ids: [],
  lookback_days: 30,
};

/** The "from events" tab: one app or pixel of the account, some of its events, a lookback window. */
export function EventsAudienceForm({
  form,
  adv,
  explicit,
  onSubmit,
}: {
  form: FormInstance<EventsAudienceValues>;
  adv: number | null;
  explicit: boolean;
  onSubmit: (body: TAudienceInput) => void;
}) {
  const { t } = useTranslation('audiences');
  const kind = (Form.useWatch('asset_kind', form) ?? 'app') as AssetKind;
  const assetField = kind === 'app' ? 'app_id' : 'pixel_id';
  const assetId = (Form.useWatch(assetField, form) ?? null) as string | null;
  const assets = useAudienceAssets(adv, kind, explicit);
  const events = useAudienceAssetEvents(adv, kind, assetId, explicit);

  // The schema says "an app or a pixel" on `app_id`; the form asks for the one of the chosen kind.
  const assetRules: FormRule[] = [{ required: true, message: translateKey('validation.audience_asset') }];

  const submit = (values: EventsAudienceValues) => {
    // Only the fields on screen come in `values`.
    const parsed = ZAudienceFromEvents.safeParse({ ...values, source_type: 1 });
    if (parsed.success) onSubmit(parsed.data);
  };

  return (
    <Form<EventsAudienceValues>
      form={form}
      name="audience_events"
      layout="vertical"
      initialValues={initialValues}
      onFinish={submit}
      requiredMark={false}
      onValuesChange={(changed: Partial<EventsAudienceValues>) => {
        // Another source: its asset and events are chosen again.
        if ('asset_kind' in changed) form.setFieldsValue({ app_id: null, pixel_id: null, event_ids: [] });
        if ('app_id' in changed || 'pixel_id' in changed) form.setFieldsValue({ event_ids: [] });
      }}
    >
      <Form.Item name="name" label={t('form.name')} rules={rules.name}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="asset_kind" label={t('form.asset_kind')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'app', label: t('form.app') },
            { value: 'pixel', label: t('form.pixel') },
          ]}
        />
      </Form.Item>
      {assets.data?.length === 0 && <Alert type="info" showIcon title={t('form.no_assets')} />}
      <Form.Item
        key={assetField}
        name={assetField}
        label={t(kind === 'app' ? 'form.app' : 'form.pixel')}
        rules={assetRules}
      >
        <Select
          placeholder={t('form.choose_asset')}
          loading={assets.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          options={(assets.data ?? []).map((a) => ({
            value: a._id,
            // Apps of one product share a name: their platform and package tell them apart.
            label:
              'bundle_id' in a ? `${a.name} · ${a.os === 1 ? 'iOS' : 'Android'} · ${a.bundle_id}` : a.name,
          }))}
        />
      </Form.Item>
      <Form.Item name="event_ids" label={t('form.events')} rules={rules.event_ids}>
        <Select
          mode="multiple"
          placeholder={t('form.events_placeholder')}
          disabled={assetId === null}
          loading={events.isLoading && assetId !== null}
          showSearch={{ optionFilterProp: 'label' }}
          options={(events.data ?? []).map((e) => ({ value: e.event_id, label: e.event_name }))}
        />
      </Form.Item>
      <Form.Item
        name="lookback_days"
        label={t('form.lookback')}
        extra={t('form.lookback_help')}
        rules={rules.lookback_days}
      >
        <InputNumber min={1} max={180} precision={0} style={{ width: 160 }} />
      </Form.Item>
    </Form>
  );
}
