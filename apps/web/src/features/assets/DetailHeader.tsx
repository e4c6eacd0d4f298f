import { ArrowLeftOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import { lazy, type ReactNode } from 'react';
import { ApiError } from '../../api/client';
import { ErrorState } from '../../components/ErrorState';
import { LinkButton } from '../../components/LinkButton';

/** The top of an asset's page: the way back to its list, its name, tags and actions. */
export function DetailHeader({
  back,
  title,
  icon,
  tags,
  extra,
}: {
  back: { to: string; label: string };
  title: string;
  icon?: ReactNode;
  tags?: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <Flex vertical gap={4}>
      <div>
        <LinkButton type="link" icon={<ArrowLeftOutlined />} to={back.to} style={{ paddingInline: 0 }}>
          {back.label}
        </LinkButton>
      </div>
      <Flex justify="space-between" align="center" gap={16} wrap>
        <Flex gap={12} align="center">
          {icon}
          <div>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {title}
            </Typography.Title>
            {tags && (
              <Flex gap={4} wrap style={{ marginTop: 4 }}>
                {tags}
              </Flex>
            )}
          </div>
        </Flex>
        {extra && (
          <Flex gap={8} wrap>
            {extra}
          </Flex>
        )}
      </Flex>
    </Flex>
  );
}

/**
 * An asset that is not there: deleted, another account's, or a link whose id is no asset id at all. Its
 * page (antd's Result with its illustrations) loads only then.
 */
export const AssetNotFound = lazy(() =>
  import('./AssetNotFound').then((m) => ({ default: m.AssetNotFound })),
);

/** An asset that failed to load: gone (404, e.g. a deleted pixel or another account's id) or an error. */
export function AssetLoadError({
  error,
  onRetry,
  back,
}: {
  error: Error;
  onRetry: () => void;
  back: { to: string; label: string };
}) {
  if (error instanceof ApiError && error.status === 404) return <AssetNotFound back={back} />;
  return <ErrorState onRetry={onRetry} message={error.message} />;
}
