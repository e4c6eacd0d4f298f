import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/feedback';

/** Typography `copyable` with a labelled copy button ("Copy click URL") and the success message. */
export function useCopyable(label: string, text: string) {
  const { t } = useTranslation('assets');
  const { message } = useFeedback();
  return {
    text,
    tooltips: [t('copy.copy', { what: label }), t('copy.copied')] as [string, string],
    onCopy: () => void message.success(t('copy.success')),
  };
}

/** A value to paste somewhere else (a URL, a token): monospace, wrapped anywhere, with its copy button. */
export function CopyText({ label, text, children }: { label: string; text: string; children?: ReactNode }) {
  const copyable = useCopyable(label, text);
  return (
    <Typography.Paragraph
      copyable={copyable}
      style={{ fontFamily: 'var(--ant-font-family-code)', wordBreak: 'break-all', marginBottom: 0 }}
    >
      {children ?? text}
    </Typography.Paragraph>
  );
}

/** A block of code under its title, whose copy button copies the code. */
export function CodeBlock({ title, code, label }: { title: ReactNode; code: string; label: string }) {
  const copyable = useCopyable(label, code);
  return (
    <figure style={{ margin: 0 }}>
      <figcaption>
        <Typography.Text strong copyable={copyable}>
          {title}
        </Typography.Text>
      </figcaption>
      <pre
        style={{
          margin: '8px 0 0',
          padding: 12,
          maxHeight: 360,
          overflow: 'auto',
          fontSize: 12,
          lineHeight: 1.5,
          background: 'var(--ant-color-fill-tertiary)',
          borderRadius: 6,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
        }}
      >
        {code}
      </pre>
    </figure>
  );
}
