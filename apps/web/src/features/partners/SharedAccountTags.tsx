import type { TAdvAssignment } from '@scaler/domain';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shared accounts as "name · role" tags, or a quiet "none". */
export function SharedAccountTags({
  advs,
  emptyText,
}: {
  advs: (TAdvAssignment & { adv_name: string })[];
  emptyText: string;
}) {
  const { t } = useTranslation('members');
  if (advs.length === 0) return <Typography.Text type="secondary">{emptyText}</Typography.Text>;
  return (
    <Flex gap={4} wrap>
      {advs.map((a) => (
        <Tag key={a.adv_id} color="purple" title={String(a.adv_id)}>
          {a.adv_name} · {t(`adv_role.${a.adv_role}`)}
        </Tag>
      ))}
    </Flex>
  );
}
