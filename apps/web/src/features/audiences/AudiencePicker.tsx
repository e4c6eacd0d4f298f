import { PlusOutlined } from '@ant-design/icons';
import { AUDIENCE_MAX_PER_ADGROUP, type TAudience } from '@scaler/domain';
import { Button, Flex, Form, Select } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { readContext } from '../../lib/context';
import { AudienceLabel } from './AudienceLabel';
import { AudienceReach } from './AudienceReach';
import { useAudiences } from './api';

const NewAudienceModal = lazy(() =>
  import('./NewAudienceModal').then((m) => ({ default: m.NewAudienceModal })),
);

/** The ad group fields of `ZAdGroupInput` the two pickers edit. */
const FIELD = { include: 'audience_include', exclude: 'audience_exclude' } as const;
const NONE: number[] = [];
const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

export interface AudiencePickerProps {
  /** The account; by default the one of the page's URL (`?adv=`). */
  advId?: number | null;
  /** Audience ids (a Form.Item gives them). */
  value?: number[];
  onChange?: (ids: number[]) => void;
  mode: 'include' | 'exclude';
  /**
   * The other list of the ad group, for the reach line. Inside an antd Form with the fields
   * `audience_include` and `audience_exclude` (as `ZAdGroupInput` names them) it is read from there.
   */
  otherIds?: number[];
  /** Show the reach line (by default under the include picker). */
  showReach?: boolean;
  disabled?: boolean;
  /** The id a Form.Item gives its control (label focus). */
  id?: string;
}

/**
 * The audiences an ad group includes or excludes: the account's audiences with status and size, a
 * "New audience" dialog (from an app's or pixel's events, or from a device id list) whose audience is
 * added to the choice, and the estimated reach of the choice. A controlled field for antd's Form.Item.
 */
export function AudiencePicker({
  advId,
  value = NONE,
  onChange,
  mode,
  otherIds,
  showReach = mode === 'include',
  disabled,
  id,
}: AudiencePickerProps) {
  const { t } = useTranslation('audiences');
  const location = useLocation();
  const explicit = advId !== undefined && advId !== null;
  const adv = explicit ? advId : readContext(location.search).adv;
  const list = useAudiences(adv, explicit);
  const [creating, setCreating] = useState(false);
  // `{}` as options: no warning outside a Form (then it is undefined).
  const sibling = Form.useWatch(mode === 'include' ? FIELD.exclude : FIELD.include, {}) as
    | number[]
    | undefined;
  const other = otherIds ?? sibling ?? NONE;

  const options = useMemo(() => {
    const audiences = list.data?.list ?? [];
    const known = new Set(audiences.map((a) => a.audience_id));
    return [
      ...audiences.map((a) => ({ value: a.audience_id, label: a.name, audience: a as TAudience | null })),
      // Chosen audiences the first page does not hold (or deleted since): shown by id.
      ...value
        .filter((v) => !known.has(v))
        .map((v) => ({ value: v, label: t('unknown', { id: v }), audience: null })),
    ];
  }, [list.data, value, t]);

  const include = useMemo(() => sorted(mode === 'include' ? value : other), [mode, value, other]);
  const exclude = useMemo(() => sorted(mode === 'include' ? other : value), [mode, value, other]);
  const version = useMemo(() => {
    if (!list.data) return null;
    const byId = new Map((list.data?.list ?? []).map((a) => [a.audience_id, a]));
    return [...include, ...exclude]
      .map((v) => `${byId.get(v)?.status ?? '?'}:${byId.get(v)?.size ?? '?'}`)
      .join(',');
  }, [list.data, include, exclude]);

  return (
    <Flex vertical gap={4}>
      <Flex gap={8}>
        <Select<number[], (typeof options)[number]>
          id={id}
          mode="multiple"
          style={{ flex: 1, minWidth: 0 }}
          aria-label={t(`placeholder.${mode}`)}
          placeholder={t(`placeholder.${mode}`)}
          value={value}
          onChange={(ids) => onChange?.(ids)}
          options={options}
          optionRender={(o) => (o.data.audience ? <AudienceLabel audience={o.data.audience} /> : o.label)}
          showSearch={{ optionFilterProp: 'label' }}
          maxCount={AUDIENCE_MAX_PER_ADGROUP}
          loading={list.isLoading}
          notFoundContent={list.isLoading ? undefined : t('empty')}
          disabled={disabled || adv === null}
          allowClear
        />
        <Button icon={<PlusOutlined />} onClick={() => setCreating(true)} disabled={disabled || adv === null}>
          {t('new')}
        </Button>
      </Flex>
      {showReach && (
        <AudienceReach adv={adv} include={include} exclude={exclude} version={version} explicit={explicit} />
      )}
      {creating && (
        <Suspense fallback={null}>
          <NewAudienceModal
            adv={adv}
            explicit={explicit}
            onClose={() => setCreating(false)}
            onCreated={(audience) => {
              setCreating(false);
              if (!value.includes(audience.audience_id) && value.length < AUDIENCE_MAX_PER_ADGROUP) {
                onChange?.([...value, audience.audience_id]);
              }
            }}
          />
        </Suspense>
      )}
    </Flex>
  );
}
