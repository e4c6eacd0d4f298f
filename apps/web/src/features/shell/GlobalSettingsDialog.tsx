import {
  LOCALES,
  type Locale,
  normalizeLocale,
  REPORT_TYPES,
  type ReportType,
  TIME_ZONE_CHOICES,
} from '@scaler/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '../../i18n';
import {
  getReportType,
  getTimeZoneChoice,
  getViewRole,
  storeReportType,
  storeTimeZoneChoice,
  storeViewRole,
  VIEW_ROLES,
  type ViewRole,
} from '../../lib/preferences';
import { timeZoneLabel } from '../../lib/timeZones';

interface Values {
  language: Locale;
  timezone: string;
  reportType: ReportType;
  viewRole: ViewRole;
}

export interface GlobalSettingsDialogProps {
  open: boolean;
  onClose: () => void;
  /** An org admin with markup on may preview the Advertiser view (spec 6). */
  canSwitchView: boolean;
}

export function GlobalSettingsDialog({ open, onClose, canSwitchView }: GlobalSettingsDialogProps) {
  const { t, i18n } = useTranslation(['shell', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();

  const save = async (values: Values) => {
    storeTimeZoneChoice(values.timezone);
    storeReportType(values.reportType);
    if (canSwitchView) storeViewRole(values.viewRole);
    await changeLocale(values.language);
    // Every figure depends on these headers: load them again.
    await queryClient.invalidateQueries();
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
        }}
      >
        <Form.Item name="language" label={t('shell:global.language')}>
          <Select options={LOCALES.map((l) => ({ value: l, label: t(`common:languages.${l}`) }))} />
        </Form.Item>
        <Form.Item name="timezone" label={t('shell:global.time_zone')}>
          <Select
            showSearch
            options={TIME_ZONE_CHOICES.map((choice) => ({
              value: choice,
              label: timeZoneLabel(choice, (offset) => t('shell:global.local_time', { offset })),
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
      </Form>
    </Modal>
  );
}
