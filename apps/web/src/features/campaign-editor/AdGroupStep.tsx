import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type BiddingType,
  EVENT_BIDDING_TYPES,
  type TAdGroupDetail,
  type TCampaignDetail,
  type TPromotedAsset,
  ZAdGroupInput,
} from '@scaler/domain';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { accountZoneText } from '../../lib/timeZones';
import { AudiencePicker } from '../audiences/AudiencePicker';
import {
  ADGROUP_FIELDS,
  ADGROUP_RENAMES,
  type AdGroupFormValues,
  adGroupValues,
  biddingTypesFor,
  billingTypesFor,
  newAdGroup,
  toAdGroupInput,
} from './adgroupForm';
import { useOsVersions, useSaveAdGroup } from './api';
import { BudgetFields } from './BudgetFields';
import { CountryPicker } from './CountryPicker';
import { DaypartingGrid } from './DaypartingGrid';
import {
  allIssues,
  clearChangedErrors,
  issueMessages,
  placeFieldMessages,
  serverMessages,
  setFormErrors,
} from './formErrors';
import { PublisherListField } from './PublisherListField';

/**
 * Step 2: an ad group of the campaign: strategy and billing, bid and the optimisation events with a
 * bid each (each event once), budget, schedule and dayparting in the account's time zone, targeting
 * (countries, lowest OS version, audiences, a publisher allow or block list), overbids per publisher and
 * search arbitrage. Checked with the server's schema before it is sent; the server's refusals land on
 * their fields.
 */
export function AdGroupStep({
  campaign,
  promoted,
  adgroup,
  editable,
  onSaved,
}: {
  campaign: TCampaignDetail;
  promoted: TPromotedAsset | undefined;
  adgroup: TAdGroupDetail | null;
  editable: boolean;
  onSaved: (g: TAdGroupDetail, created: boolean) => void;
}) {
  const { t } = useTranslation(['campaignEditor', 'campaigns']);
  const { message } = useFeedback();
  const [form] = Form.useForm<AdGroupFormValues>();
  const save = useSaveAdGroup();
  const osVersions = useOsVersions(campaign.os);
  const [general, setGeneral] = useState<string[]>([]);
  // Messages about a whole list (an event bid twice, a publisher given twice) show under the list.
  const [listErrors, setListErrors] = useState<Partial<Record<'events' | 'overbids', string[]>>>({});
  const place = (fields: Parameters<typeof placeFieldMessages>[0], extra: string[] = []) => {
    const { placed, other } = placeFieldMessages(fields, ADGROUP_FIELDS, ADGROUP_RENAMES);
    const isList = (f: (typeof placed)[number]) =>
      f.name.length === 1 && (f.name[0] === 'events' || f.name[0] === 'overbids');
    setFormErrors(
      form,
      placed.filter((f) => !isList(f)),
    );
    const lists: Partial<Record<'events' | 'overbids', string[]>> = {};
    for (const f of placed.filter(isList)) {
      const key = f.name[0] as 'events' | 'overbids';
      lists[key] = [...(lists[key] ?? []), ...f.errors];
    }
    setListErrors(lists);
    setGeneral([...other, ...extra]);
  };
  const bidding = (Form.useWatch('bidding_type', form) ?? 1) as BiddingType;
  const schedule = Form.useWatch('schedule_type', form) ?? 0;
  const daypartingType = Form.useWatch('dayparting_type', form) ?? 0;
  const bundleMode = Form.useWatch('bundle_mode', form) ?? 0;
  const chosenEvents = (Form.useWatch('events', form) ?? []) as AdGroupFormValues['events'];
  const chosenCountries = Form.useWatch('countries', form) as string[] | undefined;
  const events = promoted?.events ?? [];
  // The account's zone: `America/New_York (UTC-05:00)`, or `UTC+08:00` for a fixed one.
  const timeZone = promoted ? accountZoneText(promoted.timezone_name, promoted.timezone) : 'UTC+00:00';

  const submit = (values: AdGroupFormValues) => {
    setGeneral([]);
    setListErrors({});
    const ids = { campaignId: campaign.campaign_id, adgroupId: adgroup?.adgroup_id ?? null };
    const { body, invalidPublishers, duplicateOverbids } = toAdGroupInput(values, ids);
    const parsed = allIssues(ZAdGroupInput, body, {
      name: 'x',
      bid_price: 1,
      events: (body.events as { event_id: string; bid?: number }[]).map((e, i) => ({
        event_id: e.event_id || `x${i}`,
        bid: 1,
      })),
      overbids: [],
      bundles: [],
    });
    const budgetMissing = values.budget_kind !== 'none' && values.ad_group_budget == null;
    const issues = issueMessages(parsed.issues).filter(
      (i) =>
        !(budgetMissing && i.path === 'body.ad_group_budget') &&
        !(duplicateOverbids.length > 0 && i.path === 'body.overbids'),
    );
    if (budgetMissing)
      issues.push({ path: 'body.ad_group_budget', message: 'campaignEditor.budget.amount_required' });
    if (duplicateOverbids.length > 0)
      issues.push({
        path: 'body.overbids',
        message: t('adgroup.overbid_duplicates', { list: duplicateOverbids.join(', ') }),
      });
    if (invalidPublishers.length > 0)
      issues.push({ path: 'body.bundles', message: 'validation.publisher_id' });
    if (parsed.data === null || issues.length > 0) return place(issues);
    save.mutateAsync(parsed.data).then(
      (saved) => {
        message.success(t(adgroup ? 'saved' : 'adgroup.created', { name: saved.name }));
        onSaved(saved, adgroup === null);
      },
      (error) => {
        const { fields, general: text } = serverMessages(error);
        place(fields, text ? [text] : []);
      },
    );
  };

  const eventLabel = (e: (typeof events)[number]) =>
    e.type === 1 ? `${e.event_name} (${e.event_type})` : `${e.event_name} · ${e.event_id}`;

  return (
    <Form<AdGroupFormValues>
      form={form}
      layout="vertical"
      initialValues={adgroup ? adGroupValues(adgroup) : newAdGroup(campaign.link_type)}
      onFinish={submit}
      disabled={!editable}
      requiredMark={false}
      style={{ maxWidth: 860 }}
      onValuesChange={(changed: Partial<AdGroupFormValues>) => {
        clearChangedErrors(form, changed);
        if (changed.events !== undefined) setListErrors((l) => ({ ...l, events: undefined }));
        if (changed.overbids !== undefined) setListErrors((l) => ({ ...l, overbids: undefined }));
        if (changed.bidding_type !== undefined) {
          form.setFieldsValue({ billing_type: billingTypesFor(changed.bidding_type)[0] });
        }
      }}
    >
      <Flex vertical gap={16}>
        <Card size="small" title={t('adgroup.section.basic')}>
          <Form.Item name="name" label={t('adgroup.name')} required>
            <Input maxLength={100} showCount />
          </Form.Item>
          <Flex gap={16} wrap>
            <Form.Item name="bidding_type" label={t('adgroup.bidding_type')} style={{ minWidth: 200 }}>
              <Select
                options={biddingTypesFor(campaign.link_type).map((b) => ({
                  value: b,
                  label: t(`campaigns:bidding.${b}` as 'campaigns:bidding.1'),
                }))}
              />
            </Form.Item>
            <Form.Item
              name="billing_type"
              label={t('adgroup.billing_type')}
              extra={t('adgroup.billing_hint')}
              style={{ minWidth: 200 }}
            >
              <Select
                options={billingTypesFor(bidding).map((b) => ({
                  value: b,
                  label: t(`adgroup.billing.${b}` as 'adgroup.billing.1'),
                }))}
              />
            </Form.Item>
            <Form.Item name="bid_price" label={t('adgroup.bid_price')} required>
              <InputNumber
                min={0.01}
                max={10000}
                step={0.01}
                precision={4}
                prefix="$"
                style={{ width: 180 }}
              />
            </Form.Item>
          </Flex>
        </Card>

        <Card
          size="small"
          title={t('adgroup.section.events')}
          extra={
            EVENT_BIDDING_TYPES.includes(bidding) ? (
              <Tag color="blue">{t('adgroup.events_required')}</Tag>
            ) : (
              <Typography.Text type="secondary">{t('adgroup.events_optional')}</Typography.Text>
            )
          }
        >
          <Form.List name="events">
            {(fields, { add, remove }, { errors }) => (
              <Flex vertical gap={8}>
                {fields.map((field) => (
                  <Flex key={field.key} gap={8} align="start">
                    <Form.Item name={[field.name, 'event_id']} style={{ flex: 1, marginBottom: 0 }}>
                      <Select
                        aria-label={t('adgroup.event')}
                        placeholder={t('adgroup.event')}
                        showSearch
                        optionFilterProp="label"
                        options={events.map((e) => ({
                          value: e.event_id,
                          label: eventLabel(e),
                          // One event is bid once ("a single event cannot be bid repeatedly").
                          disabled: chosenEvents.some(
                            (c, i) => i !== field.name && c?.event_id === e.event_id,
                          ),
                        }))}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'bid']} style={{ marginBottom: 0 }}>
                      <InputNumber
                        aria-label={t('adgroup.event_bid')}
                        placeholder={t('adgroup.event_bid')}
                        step={0.01}
                        prefix="$"
                        style={{ width: 160 }}
                      />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={t('adgroup.remove_event')}
                      onClick={() => remove(field.name)}
                    />
                  </Flex>
                ))}
                <ListErrors errors={[...errors, ...(listErrors.events ?? [])]} />
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => add({ event_id: undefined, bid: null })}
                  disabled={!editable || fields.length >= Math.min(20, events.length)}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('adgroup.add_event')}
                </Button>
                {events.length === 0 && (
                  <Typography.Text type="secondary">{t('adgroup.no_events')}</Typography.Text>
                )}
              </Flex>
            )}
          </Form.List>
          <Form.Item
            name="search_arbitrage"
            label={t('adgroup.search_arbitrage')}
            extra={t('adgroup.search_arbitrage_hint')}
            valuePropName="checked"
            style={{ marginTop: 16, marginBottom: 0 }}
          >
            <Switch />
          </Form.Item>
        </Card>

        <Card size="small" title={t('adgroup.section.budget')}>
          <BudgetFields kindName="budget_kind" amountName="ad_group_budget" />
          <Form.Item name="schedule_type" label={t('adgroup.schedule')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 0, label: t('adgroup.schedule_continuous') },
                { value: 1, label: t('adgroup.schedule_range') },
              ]}
            />
          </Form.Item>
          {schedule === 1 && (
            <Form.Item name="dates" label={t('adgroup.dates', { zone: timeZone })}>
              <DatePicker.RangePicker allowEmpty={[false, false]} />
            </Form.Item>
          )}
          <Form.Item name="dayparting_type" label={t('adgroup.dayparting')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 0, label: t('adgroup.dayparting_all') },
                { value: 1, label: t('adgroup.dayparting_custom') },
              ]}
            />
          </Form.Item>
          {daypartingType === 1 && (
            <Form.Item name="dayparting" style={{ marginBottom: 0 }}>
              <DaypartingGrid timeZone={timeZone} />
            </Form.Item>
          )}
        </Card>

        <Card size="small" title={t('adgroup.section.targeting')}>
          <Form.Item
            name="countries"
            label={t('adgroup.countries')}
            extra={(chosenCountries?.length ?? 0) === 0 ? t('adgroup.countries_hint') : undefined}
          >
            <CountryPicker placeholder={t('adgroup.all_countries')} />
          </Form.Item>
          <Form.Item name="min_os_version" label={t('adgroup.min_os_version')}>
            <Select
              style={{ width: 220 }}
              options={[
                { value: '', label: t('adgroup.any_version') },
                ...(osVersions.data ?? []).map((v) => ({
                  value: v,
                  label: `${campaign.os === 1 ? 'iOS' : 'Android'} ${v}+`,
                })),
              ]}
            />
          </Form.Item>
          <Form.Item name="audience_include" label={t('adgroup.audience_include')}>
            <AudiencePicker mode="include" />
          </Form.Item>
          <Form.Item name="audience_exclude" label={t('adgroup.audience_exclude')}>
            <AudiencePicker mode="exclude" />
          </Form.Item>
          <Form.Item name="bundle_mode" label={t('adgroup.publishers')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 0, label: t('adgroup.publishers_all') },
                { value: 1, label: t('adgroup.publishers_allow') },
                { value: 2, label: t('adgroup.publishers_block') },
              ]}
            />
          </Form.Item>
          {bundleMode !== 0 && (
            <Form.Item name="bundles_text">
              <PublisherListField />
            </Form.Item>
          )}
        </Card>

        <Card size="small" title={t('adgroup.section.overbid')}>
          <Typography.Paragraph type="secondary">{t('adgroup.overbid_hint')}</Typography.Paragraph>
          <Form.List name="overbids">
            {(fields, { add, remove }, { errors }) => (
              <Flex vertical gap={8}>
                {fields.map((field) => (
                  <Flex key={field.key} gap={8} align="start">
                    <Form.Item
                      name={[field.name, 'bundle']}
                      style={{ flex: 1, minWidth: 0, marginBottom: 0 }}
                    >
                      <Input
                        aria-label={t('adgroup.overbid_bundle')}
                        placeholder={t('adgroup.overbid_bundle')}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'percent']} style={{ marginBottom: 0 }}>
                      <InputNumber
                        aria-label={t('adgroup.overbid_percent')}
                        placeholder={t('adgroup.overbid_percent')}
                        suffix="%"
                        style={{ width: 140 }}
                      />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={t('adgroup.remove_overbid')}
                      onClick={() => remove(field.name)}
                    />
                  </Flex>
                ))}
                <ListErrors errors={[...errors, ...(listErrors.overbids ?? [])]} />
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => add({ bundle: '', percent: null })}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('adgroup.add_overbid')}
                </Button>
              </Flex>
            )}
          </Form.List>
        </Card>

        {general.length > 0 && <Alert type="error" showIcon title={general.join(' ')} />}
        {editable && (
          <Flex gap={8} align="center">
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {adgroup ? t('save') : t('adgroup.save_next')}
            </Button>
            {adgroup && <Tag>ID {adgroup.adgroup_id}</Tag>}
          </Flex>
        )}
      </Flex>
    </Form>
  );
}

/** Messages about a whole list (an event bid twice, a publisher with two overbids). */
function ListErrors({ errors }: { errors: ReactNode[] }) {
  // Each message once: the text is its key.
  const texts = [...new Set(errors.map(String))];
  if (texts.length === 0) return null;
  return (
    <Typography.Text type="danger" role="alert">
      {texts.map((text) => (
        <div key={text}>{text}</div>
      ))}
    </Typography.Text>
  );
}
