import { CREATIVE_FRAME_PATH } from '@scaler/domain';
import { useDeferredValue, useRef } from 'react';

/**
 * An HTML creative as it runs: a frame with `sandbox="allow-scripts"` (an opaque origin: no access to
 * the console, its cookies or its storage, no top navigation, no pop-ups) loading the server's creative
 * frame page, which the markup is posted into once it has loaded. A changed markup makes a new frame.
 */
export function HtmlFrame({
  html,
  title,
  width,
  height,
}: {
  html: string;
  title: string;
  width: number;
  height: number;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const shown = useDeferredValue(html);
  return (
    <iframe
      key={shown}
      ref={frame}
      title={title}
      sandbox="allow-scripts"
      src={CREATIVE_FRAME_PATH}
      onLoad={() => frame.current?.contentWindow?.postMessage(shown, '*')}
      style={{ width, height, border: '1px solid var(--ant-color-border, #d9d9d9)', background: '#fff' }}
    />
  );
}
