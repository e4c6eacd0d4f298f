import { Button, Card, Flex, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** One figure of the overview with a link to the page behind it. */
export function StatCard({
  title,
  value,
  icon,
  linkText,
  to,
  extra,
}: {
  title: string;
  value: number;
  icon: ReactNode;
  linkText: string;
  to: string;
  extra?: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Card style={{ height: '100%' }}>
      <Flex justify="space-between" align="flex-start">
        <Statistic title={title} value={value} />
        <span aria-hidden style={{ fontSize: 22, color: 'var(--ant-color-primary)' }}>
          {icon}
        </span>
      </Flex>
      {extra}
      <Button type="link" style={{ paddingInline: 0, marginTop: 8 }} onClick={() => navigate(to)}>
        {linkText}
      </Button>
    </Card>
  );
}
