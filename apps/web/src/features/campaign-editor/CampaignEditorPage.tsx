import { advCan } from '@scaler/domain';
import { Alert, Button, Flex, Spin, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { AdGroupStep } from './AdGroupStep';
import { useAdGroup, useCampaign, usePromotedAsset } from './api';
import { CampaignStep } from './CampaignStep';
import { CreativesStep } from './CreativesStep';
import { EDITOR_STEPS, type EditorStep, readEditorState, writeEditorState } from './editorState';

/**
 * `/perf/new`: create a campaign, then its ad group, then the ad group's creatives, each step saved on
 * its own (the URL carries the saved ids, so a reload keeps the place); the same forms edit any object
 * later (the lists link here with the object's ids). Only roles that may edit ads see the forms enabled.
 */
export function CampaignEditorPage() {
  const { t } = useTranslation('campaignEditor');
  const navigate = useNavigate();
  const ctx = useConsoleContext();
  const { search, adv } = ctx;
  const state = readEditorState(search);
  const campaign = useCampaign(state.campaignId);
  const adgroup = useAdGroup(state.adgroupId);
  const promoted = usePromotedAsset(state.campaignId);
  const account = ctx.orgAdvs.find((a) => a.adv_id === adv);
  const canEdit = account
    ? advCan({ advRole: account.adv_role, advStatus: account.status }, 'ads.edit')
    : false;

  const go = (next: Parameters<typeof writeEditorState>[1]) =>
    navigate(`/perf/new${writeEditorState(search, next)}`, { replace: false });
  const back = () => {
    const p = new URLSearchParams(search);
    for (const key of ['step', 'campaign_id', 'adgroup_id', 'creative_id']) p.delete(key);
    if (state.campaignId !== null) p.set('campaign_ids', String(state.campaignId));
    if (state.adgroupId !== null) p.set('adgroup_ids', String(state.adgroupId));
    const level = state.adgroupId !== null ? 'creative' : state.campaignId !== null ? 'adgroup' : 'campaign';
    navigate(`/perf/${level}?${p.toString()}`);
  };

  const loading =
    (state.campaignId !== null && campaign.isLoading) || (state.adgroupId !== null && adgroup.isLoading);
  const failed = campaign.isError || adgroup.isError;
  const deleted = campaign.data?.deleted || adgroup.data?.deleted;
  const editable = canEdit && !deleted;
  const current = EDITOR_STEPS.indexOf(state.step);
  const stepDone = (s: EditorStep) =>
    s === 'campaign' ? state.campaignId !== null : s === 'adgroup' ? state.adgroupId !== null : false;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {state.campaignId === null ? t('title_new') : t('title_edit', { name: campaign.data?.name ?? '' })}
        </Typography.Title>
        <Button onClick={back}>{t('back_to_list')}</Button>
      </Flex>
      <Steps
        current={current}
        onChange={(i) => {
          const step = EDITOR_STEPS[i];
          if (
            step === 'campaign' ||
            (step === 'adgroup' && state.campaignId !== null) ||
            stepDone('adgroup')
          ) {
            go({ step, creativeId: null });
          }
        }}
        items={EDITOR_STEPS.map((s, i) => ({
          title: t(`steps.${s}`),
          status: i === current ? 'process' : stepDone(s) ? 'finish' : 'wait',
          disabled:
            (s === 'adgroup' && state.campaignId === null) || (s === 'creatives' && state.adgroupId === null),
        }))}
      />
      {!canEdit && account && <Alert type="info" showIcon title={t('read_only')} />}
      {deleted && <Alert type="warning" showIcon title={t('deleted')} />}
      {failed ? (
        <ErrorState
          message={t('load_error')}
          onRetry={() => {
            void campaign.refetch();
            void adgroup.refetch();
          }}
        />
      ) : loading ? (
        <Spin />
      ) : state.step === 'campaign' ? (
        <CampaignStep
          key={campaign.data?.campaign_id ?? 'new'}
          campaign={campaign.data ?? null}
          editable={editable}
          onSaved={(c, created) =>
            created ? go({ step: 'adgroup', campaignId: c.campaign_id, adgroupId: null }) : undefined
          }
        />
      ) : state.step === 'adgroup' && campaign.data ? (
        <Flex vertical gap={8}>
          {state.adgroupId !== null && (
            <Button
              style={{ alignSelf: 'flex-start' }}
              onClick={() => go({ step: 'adgroup', adgroupId: null })}
            >
              {t('adgroup.another')}
            </Button>
          )}
          <AdGroupStep
            key={`${adgroup.data?.adgroup_id ?? 'new'}-${promoted.data ? 1 : 0}`}
            campaign={campaign.data}
            promoted={promoted.data}
            adgroup={state.adgroupId === null ? null : (adgroup.data ?? null)}
            editable={editable}
            onSaved={(g, created) =>
              created ? go({ step: 'creatives', adgroupId: g.adgroup_id, creativeId: null }) : undefined
            }
          />
        </Flex>
      ) : state.step === 'creatives' && adgroup.data ? (
        <CreativesStep
          adgroup={adgroup.data}
          creativeId={state.creativeId}
          editable={editable}
          onEdit={(id) => go({ creativeId: id })}
          onFinish={back}
        />
      ) : null}
    </Flex>
  );
}
