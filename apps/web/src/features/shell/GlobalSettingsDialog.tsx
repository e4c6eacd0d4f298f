import {
  LOCALES,
  type Locale,
  normalizeLocale,
  REPORT_TYPES,
  type ReportType,
  TIME_ZONE_CHOICES,
} from '@scaler/domain';
import { Form, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';
import { changeLocale } from '../../i18n';
import {
  getReportType,
  getTableDensity,
  getTimeZoneChoice,
  getViewRole,
  storeReportType,
  storeTableDensity,
  storeTimeZoneChoice,
  storeViewRole,
  TABLE_DENSITIES,
  type TableDensity,
  VIEW_ROLES,
  type ViewRole,
} from '../../lib/preferences';
import { timeZoneLabel, westToEast } from '../../lib/timeZones';

interface Values {
  language: Locale;
  timezone: string;
  reportType: ReportType;
  viewRole: ViewRole;
  density: TableDensity;
}

export interface GlobalSettingsDialogProps {
  open: boolean;
  onClose: () => void;
  /** An org admin with markup on may preview the Advertiser view (spec 6). */
  canSwitchView: boolean;
}

export function GlobalSettingsDialog({ open, onClose, canSwitchView }: GlobalSettingsDialogProps) {
  const { t, i18n } = useTranslation(['shell', 'common']);
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();

  const save = async (values: Values) => {
    storeTimeZoneChoice(values.timezone);
    storeReportType(values.reportType);
    if (canSwitchView) storeViewRole(values.viewRole);
    storeTableDensity(values.density);
    // The queries whose answers these change carry them in their keys: they load again by themselves.
    await changeLocale(values.language);
    // In the language just chosen, whatever the render this callback came from.
    message.success(i18n.t('shell:global.saved', { lng: values.language }));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('shell:global.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={{
          language: normalizeLocale(i18n.language),
          timezone: getTimeZoneChoice(),
          reportType: getReportType(),
          viewRole: getViewRole(),
          density: getTableDensity(),
        }}
      >
        <Form.Item name="language" label={t('shell:global.language')}>
          <Select options={LOCALES.map((l) => ({ value: l, label: t(`common:languages.${l}`) }))} />
        </Form.Item>
        <Form.Item name="timezone" label={t('shell:global.time_zone')}>
          <Select
            showSearch
            options={westToEast(TIME_ZONE_CHOICES).map((choice) => ({
              value: choice,
              label: timeZoneLabel(choice, (offset, browser) =>
                browser
                  ? t('shell:global.local_time_rounded', { offset, browser })
                  : t('shell:global.local_time', { offset }),
              ),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="reportType"
          label={t('shell:global.report_type')}
          extra={t('shell:global.report_help')}
        >
          <Radio.Group
            optionType="button"
            options={REPORT_TYPES.map((r) => ({ value: r, label: t(`shell:global.report_${r}`) }))}
          />
        </Form.Item>
        {canSwitchView && (
          <Form.Item name="viewRole" label={t('shell:global.view_role')} extra={t('shell:global.view_help')}>
            <Radio.Group
              optionType="button"
              options={VIEW_ROLES.map((r) => ({ value: r, label: t(`shell:global.view_${r}`) }))}
            />
          </Form.Item>
        )}
        <Form.Item name="density" label={t('shell:global.density')} extra={t('shell:global.density_help')}>
          <Radio.Group
            optionType="button"
            options={TABLE_DENSITIES.map((d) => ({ value: d, label: t(`shell:global.density_${d}`) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
