import { EditOutlined, SendOutlined } from '@ant-design/icons';
import {
  CALLS_TO_ACTION,
  CREATIVE_MATERIALS,
  CREATIVE_TYPES,
  type CreativeType,
  REVIEW_STATUS,
  type TAdGroupDetail,
  type TCreativeDetail,
  ZCreativeInput,
} from '@scaler/domain';
import { Alert, Button, Card, Collapse, Empty, Flex, Form, Input, Select, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreativePreview } from '../../components/CreativePreview';
import { useFeedback } from '../../components/feedback';
import { HtmlFrame } from '../../components/HtmlFrame';
import { useRejectionText } from '../../components/RejectionReason';
import { DeliveryStatus } from '../campaigns/DeliveryStatus';
import { useCommitCreatives, useCreatives, useSaveCreative } from './api';
import {
  CREATIVE_FIELDS,
  type CreativeFormValues,
  creativeValues,
  NEW_CREATIVE,
  toCreativeInput,
} from './creativeForm';
import {
  clearChangedErrors,
  issueMessages,
  placeFieldMessages,
  serverMessages,
  setFormErrors,
} from './formErrors';
import { MaterialUpload } from './MaterialUpload';

const REVIEW_COLOR: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'error', 3: 'success' };

/**
 * Step 3: the ad group's creatives: each with its preview, review status and the rejection reason; a
 * form for a new one or the one being edited (its materials uploaded with progress and checked against
 * the creative limits), saved as a draft or sent to review.
 */
export function CreativesStep({
  adgroup,
  creativeId,
  editable,
  onEdit,
  onFinish,
}: {
  adgroup: TAdGroupDetail;
  creativeId: number | null;
  editable: boolean;
  onEdit: (id: number | null) => void;
  onFinish: () => void;
}) {
  const { t } = useTranslation(['campaignEditor', 'creative']);
  const rejection = useRejectionText();
  const { message } = useFeedback();
  const creatives = useCreatives(adgroup.adgroup_id);
  const commit = useCommitCreatives();
  const editing =
    creativeId === null ? null : (creatives.data?.find((c) => c.creative_id === creativeId) ?? null);
  const list = (creatives.data ?? []).filter((c) => !c.deleted);

  return (
    <Flex vertical gap={16} style={{ maxWidth: 960 }}>
      <Card
        size="small"
        title={t('creative.list_title', { count: list.length })}
        extra={
          <Button type="primary" onClick={onFinish}>
            {t('creative.finish')}
          </Button>
        }
      >
        {creatives.isLoading ? (
          <Spin />
        ) : list.length === 0 ? (
          <Empty description={t('creative.none')} />
        ) : (
          <Flex vertical gap={12}>
            {list.map((c) => (
              <Card
                key={c.creative_id}
                size="small"
                type="inner"
                data-testid={`creative-${c.creative_id}`}
                title={
                  <Flex gap={8} align="center" wrap>
                    <Typography.Text strong>{c.name}</Typography.Text>
                    <Typography.Text type="secondary">ID {c.creative_id}</Typography.Text>
                    <Tag>{t(`creative.types.${c.creative_type}` as 'creative.types.image')}</Tag>
                    <Tag color={REVIEW_COLOR[c.review_status]}>
                      {t(`creative.review.${c.review_status}` as 'creative.review.0')}
                    </Tag>
                    {c.status !== 1 && c.status !== 2 && <DeliveryStatus status={c.status} />}
                  </Flex>
                }
                extra={
                  editable && (
                    <Flex gap={8}>
                      {c.review_status === REVIEW_STATUS.draft && (
                        <Button
                          size="small"
                          icon={<SendOutlined />}
                          loading={commit.isPending}
                          onClick={() =>
                            commit.mutate([c.creative_id], {
                              onSuccess: () => message.success(t('creative.submitted', { name: c.name })),
                            })
                          }
                        >
                          {t('creative.submit')}
                        </Button>
                      )}
                      <Button
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={t('creative.edit_named', { name: c.name })}
                        onClick={() => onEdit(c.creative_id)}
                      >
                        {t('creative.edit')}
                      </Button>
                    </Flex>
                  )
                }
              >
                <Flex vertical gap={8}>
                  {c.review_status === REVIEW_STATUS.rejected && (
                    <Alert
                      type="error"
                      showIcon
                      title={t('creative.rejected_because', {
                        reason: rejection(c.reject_code, c.reject_reason),
                      })}
                    />
                  )}
                  <CreativePreview
                    item={c}
                    width={240}
                    htmlTitle={t('creative.html_preview', { name: c.name })}
                  />
                </Flex>
              </Card>
            ))}
          </Flex>
        )}
      </Card>
      {editable && (
        <CreativeForm
          key={editing?.creative_id ?? `new-${creatives.data?.length ?? 0}`}
          adgroup={adgroup}
          creative={editing}
          suggestedName={`${adgroup.name} - ${(creatives.data?.length ?? 0) + 1}`}
          onDone={() => onEdit(null)}
        />
      )}
    </Flex>
  );
}

function CreativeForm({
  adgroup,
  creative,
  suggestedName,
  onDone,
}: {
  adgroup: TAdGroupDetail;
  creative: TCreativeDetail | null;
  /** The name a new creative starts with (the ad group's, numbered after its creatives). */
  suggestedName: string;
  onDone: () => void;
}) {
  const { t } = useTranslation(['campaignEditor', 'creative']);
  const { message } = useFeedback();
  const [form] = Form.useForm<CreativeFormValues>();
  const save = useSaveCreative();
  const [general, setGeneral] = useState<string[]>([]);
  const type = (Form.useWatch('creative_type', form) ?? 'image') as CreativeType;
  const html = Form.useWatch('html', form) as string | undefined;
  const spec = CREATIVE_MATERIALS[type];

  const send = async (submit: boolean) => {
    setGeneral([]);
    const values = form.getFieldsValue(true) as CreativeFormValues;
    const ids = { adgroupId: adgroup.adgroup_id, creativeId: creative?.creative_id ?? null };
    const { body, missing } = toCreativeInput(values, ids, submit);
    const parsed = ZCreativeInput.safeParse(body);
    const fields = parsed.success ? [] : issueMessages(parsed.error.issues);
    for (const role of missing) {
      fields.push({ path: `body.materials.${role}`, message: t('creative.material_missing') });
    }
    if (spec.html && !(values.html ?? '').trim()) {
      fields.push({ path: 'body.html', message: 'creative.html_required' });
    }
    if (!parsed.success || fields.length > 0) {
      const { placed, other } = placeFieldMessages(fields, CREATIVE_FIELDS);
      setFormErrors(form, placed);
      setGeneral(other);
      return;
    }
    try {
      const saved = await save.mutateAsync(parsed.data);
      message.success(t(submit ? 'creative.submitted' : 'creative.saved_draft', { name: saved.name }));
      onDone();
    } catch (error) {
      const { fields: sf, general: text } = serverMessages(error);
      const { placed, other } = placeFieldMessages(sf, CREATIVE_FIELDS);
      setFormErrors(form, placed);
      setGeneral([...other, ...(text ? [text] : [])]);
    }
  };

  return (
    <Card
      size="small"
      title={creative ? t('creative.edit_title', { name: creative.name }) : t('creative.new_title')}
      extra={
        creative && (
          <Button size="small" onClick={onDone}>
            {t('creative.new_instead')}
          </Button>
        )
      }
    >
      <Form<CreativeFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onValuesChange={(changed: Partial<CreativeFormValues>) => clearChangedErrors(form, changed)}
        initialValues={creative ? creativeValues(creative) : { ...NEW_CREATIVE, name: suggestedName }}
      >
        {creative && creative.review_status === REVIEW_STATUS.approved && (
          <Alert type="info" showIcon title={t('creative.edit_reviews_again')} style={{ marginBottom: 16 }} />
        )}
        <Flex gap={16} wrap>
          <Form.Item name="name" label={t('creative.name')} style={{ flex: 1, minWidth: 260 }}>
            <Input maxLength={100} showCount />
          </Form.Item>
          <Form.Item name="creative_type" label={t('creative.type')} style={{ minWidth: 220 }}>
            <Select
              disabled={creative !== null}
              options={CREATIVE_TYPES.map((v) => ({
                value: v,
                label: t(`creative.types.${v}` as 'creative.types.image'),
              }))}
            />
          </Form.Item>
        </Flex>
        {spec.materials.map((role) => (
          <Form.Item
            key={`${type}-${role}`}
            name={['materials', role]}
            label={t(`creative.roles.${role}` as 'creative.roles.image')}
          >
            <MaterialUpload role={role} native={type === 'nativeImg'} />
          </Form.Item>
        ))}
        {spec.html && (
          <Flex gap={16} wrap>
            <Form.Item name="html" label={t('creative.html')} style={{ flex: 1, minWidth: 320 }}>
              <Input.TextArea rows={8} placeholder="<!doctype html>…" style={{ fontFamily: 'monospace' }} />
            </Form.Item>
            {html && (
              <Form.Item label={t('creative.html_preview_label')} extra={t('creative.html_preview_note')}>
                <HtmlFrame
                  html={html}
                  title={t('creative.html_preview', { name: form.getFieldValue('name') ?? '' })}
                  width={320}
                  height={240}
                />
              </Form.Item>
            )}
          </Flex>
        )}
        <Flex gap={16} wrap>
          <Form.Item name="title" label={t('creative.title')} style={{ flex: 1, minWidth: 260 }}>
            <Input maxLength={90} showCount />
          </Form.Item>
          <Form.Item name="call_to_action" label={t('creative.cta')} style={{ minWidth: 200 }}>
            <Select
              options={CALLS_TO_ACTION.map((v) => ({
                value: v,
                label: t(`creative.ctas.${v}` as 'creative.ctas.install'),
              }))}
            />
          </Form.Item>
        </Flex>
        <Form.Item name="description" label={t('creative.description')}>
          <Input.TextArea maxLength={200} showCount rows={2} />
        </Form.Item>
        <Collapse
          ghost
          items={[
            {
              key: 'tracking',
              label: t('creative.tracking'),
              children: (
                <>
                  <Typography.Paragraph type="secondary">{t('creative.tracking_hint')}</Typography.Paragraph>
                  <Form.Item name="click_url" label={t('creative.click_url')}>
                    <Input placeholder="https://" maxLength={2048} />
                  </Form.Item>
                  <Form.Item name="impression_url" label={t('creative.impression_url')}>
                    <Input placeholder="https://" maxLength={2048} />
                  </Form.Item>
                </>
              ),
            },
          ]}
        />
        {general.length > 0 && (
          <Alert type="error" showIcon title={general.join(' ')} style={{ marginBottom: 16 }} />
        )}
        <Flex gap={8}>
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={save.isPending}
            onClick={() => void send(true)}
          >
            {t('creative.save_submit')}
          </Button>
          <Button loading={save.isPending} onClick={() => void send(false)}>
            {t('creative.save_draft')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
