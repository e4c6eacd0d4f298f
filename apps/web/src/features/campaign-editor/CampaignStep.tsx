import { PlusOutlined } from '@ant-design/icons';
import {
  CAMPAIGN_TYPES,
  PROMOTE_GOALS_BY_LINK,
  type TCampaignDetail,
  type TCampaignInput,
  ZCampaignInput,
} from '@scaler/domain';
import { Alert, Button, Flex, Form, Input, Radio, Select, Tag } from 'antd';
import { lazy, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { OnceOpened } from '../../components/OnceOpened';
import { useAssetContext } from '../assets/access';
import { useAppOptions, useCampaignAdGroups, usePixelOptions, useSaveCampaign } from './api';
import { BudgetFields, type BudgetKind, budgetKindOf, budgetTypeOf } from './BudgetFields';
import {
  allIssues,
  clearChangedErrors,
  issueMessages,
  placeFieldMessages,
  serverMessages,
  setFormErrors,
} from './formErrors';

// The assets' own create dialogs, loaded when first opened.
const CreateAppModal = lazy(() =>
  import('../assets/CreateAppModal').then((m) => ({ default: m.CreateAppModal })),
);
const CreatePixelModal = lazy(() =>
  import('../assets/CreatePixelModal').then((m) => ({ default: m.CreatePixelModal })),
);

interface CampaignFormValues {
  name: string;
  campaign_type: TCampaignInput['campaign_type'];
  link_type: 1 | 2;
  os: 1 | 2;
  app_id?: string | null;
  pixel_id?: string | null;
  landing_url?: string | null;
  promote_goal: TCampaignInput['promote_goal'];
  budget_kind: BudgetKind;
  campaign_budget?: number | null;
}

const FIELDS = [
  'name',
  'campaign_type',
  'link_type',
  'os',
  'app_id',
  'pixel_id',
  'landing_url',
  'promote_goal',
  'budget_kind',
  'campaign_budget',
] as const;

const NEW_CAMPAIGN: CampaignFormValues = {
  name: '',
  campaign_type: 'install',
  link_type: 1,
  os: 2,
  app_id: null,
  pixel_id: null,
  landing_url: null,
  promote_goal: 'app_install',
  budget_kind: 'daily',
  campaign_budget: null,
};

function valuesOf(c: TCampaignDetail): CampaignFormValues {
  return {
    name: c.name,
    campaign_type: c.campaign_type,
    link_type: c.link_type as 1 | 2,
    os: c.os as 1 | 2,
    app_id: c.app_id,
    pixel_id: c.pixel_id,
    landing_url: c.landing_url,
    promote_goal: c.promote_goal,
    budget_kind: budgetKindOf(c.budget_type),
    campaign_budget: c.campaign_budget,
  };
}

export function toCampaignInput(v: CampaignFormValues, campaignId: number | null): Record<string, unknown> {
  const kind = v.budget_kind ?? 'none';
  return {
    ...(campaignId === null ? {} : { campaign_id: campaignId }),
    name: v.name ?? '',
    campaign_type: v.campaign_type,
    promote_goal: v.promote_goal,
    os: v.os,
    link_type: v.link_type,
    app_id: v.link_type === 1 ? (v.app_id ?? null) : null,
    pixel_id: v.link_type === 2 ? (v.pixel_id ?? null) : null,
    landing_url: v.link_type === 2 ? (v.landing_url?.trim() ?? null) : null,
    budget_type: budgetTypeOf(kind),
    campaign_budget: kind === 'none' ? null : (v.campaign_budget ?? null),
  };
}

/**
 * Step 1: what the campaign promotes (an app of the account, or a landing page measured by one of its
 * pixels), its goal and budget. What it promotes is fixed once ad groups exist (the server says so).
 */
export function CampaignStep({
  campaign,
  editable,
  onSaved,
}: {
  campaign: TCampaignDetail | null;
  editable: boolean;
  onSaved: (c: TCampaignDetail, created: boolean) => void;
}) {
  const { t } = useTranslation(['campaignEditor', 'campaigns']);
  const { message } = useFeedback();
  const [form] = Form.useForm<CampaignFormValues>();
  const save = useSaveCampaign();
  const [general, setGeneral] = useState<string[]>([]);
  const linkType = (Form.useWatch('link_type', form) ?? NEW_CAMPAIGN.link_type) as 1 | 2;
  const os = Form.useWatch('os', form) ?? NEW_CAMPAIGN.os;
  const apps = useAppOptions(linkType === 1);
  const pixels = usePixelOptions(linkType === 2);
  // What the campaign promotes is fixed once it has ad groups (their events and bids depend on it).
  const groups = useCampaignAdGroups(campaign?.campaign_id ?? null);
  const promotionFixed = (groups.data?.length ?? 0) > 0;
  // An app or pixel the campaign needs can be created here, without leaving the form.
  const assetAccess = useAssetContext().access;
  const mayCreateAsset = editable && !promotionFixed && assetAccess.canEdit;
  const [creating, setCreating] = useState<'app' | 'pixel' | null>(null);
  const withCreate = (hint: string | undefined, kind: 'app' | 'pixel'): ReactNode =>
    mayCreateAsset ? (
      <Flex gap={4} align="center" wrap>
        {hint}
        <Button
          type="link"
          size="small"
          icon={<PlusOutlined />}
          style={{ paddingInline: 0 }}
          onClick={() => setCreating(kind)}
        >
          {t(kind === 'app' ? 'campaign.create_app' : 'campaign.create_pixel')}
        </Button>
      </Flex>
    ) : (
      hint
    );

  const submit = (values: CampaignFormValues) => {
    setGeneral([]);
    const body = toCampaignInput(values, campaign?.campaign_id ?? null);
    const parsed = allIssues(ZCampaignInput, body, { name: 'x', landing_url: 'https://x.test' });
    const budgetMissing = values.budget_kind !== 'none' && values.campaign_budget == null;
    const issues = issueMessages(parsed.issues).filter(
      (i) => !(budgetMissing && i.path === 'body.campaign_budget'),
    );
    if (budgetMissing)
      issues.push({ path: 'body.campaign_budget', message: 'campaignEditor.budget.amount_required' });
    if (parsed.data === null || issues.length > 0) {
      const { placed, other } = placeFieldMessages(issues, FIELDS, { budget_type: 'budget_kind' });
      setFormErrors(form, placed);
      setGeneral(other);
      return;
    }
    save.mutateAsync(parsed.data).then(
      (saved) => {
        message.success(t(campaign ? 'saved' : 'campaign.created', { name: saved.name }));
        onSaved(saved, campaign === null);
      },
      (error) => {
        const { fields, general: text } = serverMessages(error);
        const { placed, other } = placeFieldMessages(fields, FIELDS, { budget_type: 'budget_kind' });
        setFormErrors(form, placed);
        setGeneral([...other, ...(text ? [text] : [])]);
      },
    );
  };

  const appOptions = (apps.data ?? [])
    .filter((a) => a.os === os)
    .map((a) => ({ value: a._id, label: `${a.name} · ${a.bundle_id}` }));

  return (
    <>
      <Form<CampaignFormValues>
        form={form}
        layout="vertical"
        initialValues={campaign ? valuesOf(campaign) : NEW_CAMPAIGN}
        onFinish={submit}
        disabled={!editable}
        requiredMark={false}
        style={{ maxWidth: 720 }}
        onValuesChange={(changed: Partial<CampaignFormValues>) => {
          clearChangedErrors(form, changed);
          // A goal and an asset belong to one kind of link: switching the kind picks its first goal.
          if (changed.link_type !== undefined) {
            form.setFieldsValue({ promote_goal: PROMOTE_GOALS_BY_LINK[changed.link_type][0] });
          }
          if (changed.os !== undefined) form.setFieldsValue({ app_id: null });
        }}
      >
        <Form.Item name="name" label={t('campaign.name')} required>
          <Input maxLength={100} showCount placeholder={t('campaign.name_placeholder')} />
        </Form.Item>
        <Form.Item name="campaign_type" label={t('campaign.type')}>
          <Radio.Group
            optionType="button"
            options={CAMPAIGN_TYPES.map((v) => ({ value: v, label: t(`campaign.types.${v}`) }))}
          />
        </Form.Item>
        <Form.Item name="link_type" label={t('campaign.link_type')} extra={t('campaign.link_type_hint')}>
          <Radio.Group
            disabled={promotionFixed}
            optionType="button"
            options={[
              { value: 1, label: t('campaign.link.1') },
              { value: 2, label: t('campaign.link.2') },
            ]}
          />
        </Form.Item>
        <Form.Item name="os" label={t('campaign.os')}>
          <Radio.Group
            disabled={promotionFixed}
            optionType="button"
            options={[
              { value: 1, label: 'iOS' },
              { value: 2, label: 'Android' },
            ]}
          />
        </Form.Item>
        {linkType === 1 ? (
          <Form.Item
            name="app_id"
            label={t('campaign.app')}
            required
            extra={withCreate(
              apps.data && appOptions.length === 0
                ? t(mayCreateAsset ? 'campaign.no_app_here' : 'campaign.no_app', {
                    os: os === 1 ? 'iOS' : 'Android',
                  })
                : undefined,
              'app',
            )}
          >
            <Select
              showSearch
              optionFilterProp="label"
              loading={apps.isLoading}
              placeholder={t('campaign.app_placeholder')}
              options={appOptions}
            />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="landing_url" label={t('campaign.landing_url')} required>
              <Input placeholder="https://" maxLength={2048} />
            </Form.Item>
            <Form.Item
              name="pixel_id"
              label={t('campaign.pixel')}
              required
              extra={withCreate(
                pixels.data?.length === 0
                  ? t(mayCreateAsset ? 'campaign.no_pixel_here' : 'campaign.no_pixel')
                  : undefined,
                'pixel',
              )}
            >
              <Select
                showSearch
                optionFilterProp="label"
                loading={pixels.isLoading}
                placeholder={t('campaign.pixel_placeholder')}
                options={(pixels.data ?? []).map((p) => ({ value: p._id, label: p.name }))}
              />
            </Form.Item>
          </>
        )}
        <Form.Item name="promote_goal" label={t('campaign.goal')}>
          <Radio.Group
            options={PROMOTE_GOALS_BY_LINK[linkType].map((g) => ({
              value: g,
              label: t(`campaigns:goal.${g}`),
            }))}
          />
        </Form.Item>
        <BudgetFields kindName="budget_kind" amountName="campaign_budget" />
        {general.length > 0 && (
          <Alert type="error" showIcon title={general.join(' ')} style={{ marginBottom: 16 }} />
        )}
        {editable && (
          <Flex gap={8} align="center">
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {campaign ? t('save') : t('campaign.save_next')}
            </Button>
            {campaign && <Tag>ID {campaign.campaign_id}</Tag>}
          </Flex>
        )}
      </Form>
      <OnceOpened open={creating === 'app'}>
        <CreateAppModal
          open={creating === 'app'}
          defaults={{ os }}
          onClose={() => setCreating(null)}
          onCreated={(app) => {
            setCreating(null);
            // Chosen once the picker lists it (the new app may be for the other system).
            void apps.refetch().then(() => form.setFieldsValue({ os: app.os, app_id: app._id }));
          }}
        />
      </OnceOpened>
      <OnceOpened open={creating === 'pixel'}>
        <CreatePixelModal
          mode={creating === 'pixel' ? 1 : null}
          onClose={() => setCreating(null)}
          onCreated={(pixel) => {
            setCreating(null);
            void pixels.refetch().then(() => form.setFieldsValue({ pixel_id: pixel._id }));
          }}
        />
      </OnceOpened>
    </>
  );
}
