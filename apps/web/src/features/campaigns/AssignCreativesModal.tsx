import { Alert, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useFeedback } from '../../components/feedback';
import { useAdGroupOptions, useAssignCreatives } from './api';

/**
 * Copies the selected creatives into other ad groups (`creatives/assign`): each ad group gets its own
 * copy; approved creatives stay approved, the others keep their review state.
 */
export function AssignCreativesModal({ ids, onClose }: { ids: number[]; onClose: () => void }) {
  const { t } = useTranslation('campaigns');
  const { message } = useFeedback();
  const options = useAdGroupOptions();
  const assign = useAssignCreatives();
  const [groups, setGroups] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const apply = async () => {
    setError(null);
    try {
      const res = await assign.mutateAsync({ creative_ids: ids, adgroup_ids: groups });
      message.success(t('assign.done', { count: res.created }));
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };
  return (
    <Modal
      open
      title={t('assign.title', { count: ids.length })}
      okText={t('assign.apply')}
      cancelText={t('cancel')}
      onOk={apply}
      okButtonProps={{ disabled: groups.length === 0 }}
      confirmLoading={assign.isPending}
      onCancel={onClose}
    >
      <Form layout="vertical">
        <Form.Item label={t('assign.adgroups')} extra={t('assign.hint')}>
          <Select
            mode="multiple"
            aria-label={t('assign.adgroups')}
            showSearch
            optionFilterProp="label"
            loading={options.isLoading}
            value={groups}
            onChange={setGroups}
            maxCount={100}
            options={(options.data ?? []).map((g) => ({ value: g.id, label: `${g.name} (${g.id})` }))}
          />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} />}
      </Form>
    </Modal>
  );
}
