import type { TCreativeMaterial } from '@scaler/domain';
import { Flex, Typography } from 'antd';
import { HtmlFrame } from './HtmlFrame';

/**
 * A creative as it would show: images, a video player, HTML in a sandboxed frame (scripts run, but no
 * same-origin access, no top navigation, no forms or pop-ups). Used by the create flow, the creative
 * viewer and the operators' review queue.
 */
export function CreativePreview({
  item,
  htmlTitle,
  width = 320,
}: {
  item: {
    materials: readonly TCreativeMaterial[];
    html: string | null;
    title: string;
    description: string;
    name: string;
  };
  /** The frame's accessible title (translated by the caller). */
  htmlTitle: string;
  width?: number;
}) {
  const height = Math.round((width * 3) / 4);
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap align="flex-start">
        {item.materials.map((m) =>
          m.mime === 'video/mp4' ? (
            // biome-ignore lint/a11y/useMediaCaption: advertisers' videos come without captions
            <video
              key={m.file}
              src={m.url}
              controls
              preload="metadata"
              style={{ maxWidth: width, maxHeight: height }}
              aria-label={`${item.name} ${m.role}`}
            />
          ) : (
            <img
              key={m.file}
              src={m.url}
              alt={`${item.name} ${m.role} ${m.width}x${m.height}`}
              style={{ maxWidth: width, maxHeight: height, border: '1px solid var(--ant-color-border)' }}
            />
          ),
        )}
        {item.html && <HtmlFrame html={item.html} title={htmlTitle} width={width} height={height} />}
      </Flex>
      {(item.title || item.description) && (
        <Typography.Text>
          <strong>{item.title}</strong> {item.description}
        </Typography.Text>
      )}
    </Flex>
  );
}
