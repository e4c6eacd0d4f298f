import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { checkMaterial, type MaterialRole, type TCreativeMaterial } from '@scaler/domain';
import { Alert, Button, Flex, Progress, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { translateKey } from '../../i18n';
import { uploadMaterial } from './api';
import { acceptOf, limitHint, readMaterialFacts } from './materialFacts';

/**
 * One material of a creative (image, icon, video or end card): pick a file, the browser checks what it
 * can read against the creative limits, then the upload runs with its progress and the server measures
 * the bytes again. The value is the stored material (with its measured size), or null.
 */
export function MaterialUpload({
  role,
  native = false,
  value,
  onChange,
  id,
}: {
  role: MaterialRole;
  native?: boolean;
  value?: TCreativeMaterial | null;
  onChange?: (m: TCreativeMaterial | null) => void;
  id?: string;
}) {
  const { t } = useTranslation('campaignEditor');
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    const facts = await readMaterialFacts(file);
    const broken = facts ? checkMaterial(role, facts, native) : null;
    if (broken) {
      setProblem(translateKey(broken.message, broken.params));
      return;
    }
    abort.current = new AbortController();
    setProgress(0);
    try {
      const material = await uploadMaterial(role, file, {
        native,
        onProgress: setProgress,
        signal: abort.current.signal,
      });
      onChange?.(material);
    } catch (error) {
      if (!(error instanceof ApiError && error.kind === 'cancelled')) {
        setProblem(error instanceof Error ? error.message : String(error));
      }
    } finally {
      setProgress(null);
      abort.current = null;
    }
  };

  const label = t(`creative.roles.${role}` as 'creative.roles.image');
  return (
    <Flex vertical gap={8}>
      <input
        ref={input}
        type="file"
        accept={acceptOf(role)}
        style={{ display: 'none' }}
        data-testid={`material-${role}`}
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {value ? (
        <Flex gap={12} align="center" wrap>
          {value.mime === 'video/mp4' ? (
            // biome-ignore lint/a11y/useMediaCaption: advertisers' videos come without captions
            <video
              src={value.url}
              controls
              preload="metadata"
              style={{ maxWidth: 240, maxHeight: 160 }}
              aria-label={label}
            />
          ) : (
            <img
              src={value.url}
              alt={label}
              style={{ maxWidth: 240, maxHeight: 160, border: '1px solid #f0f0f0' }}
            />
          )}
          <Typography.Text type="secondary">
            {[
              value.width && value.height ? `${value.width}x${value.height}` : null,
              value.duration ? `${Math.round(value.duration * 10) / 10} s` : null,
              `${Math.round(value.size / 1024)} KB`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
          <Button icon={<UploadOutlined />} onClick={() => input.current?.click()}>
            {t('creative.replace')}
          </Button>
          <Button
            icon={<DeleteOutlined />}
            aria-label={t('creative.remove_material', { role: label })}
            onClick={() => onChange?.(null)}
          />
        </Flex>
      ) : (
        <Button
          id={id}
          icon={<UploadOutlined />}
          onClick={() => input.current?.click()}
          disabled={progress !== null}
        >
          {t('creative.upload', { role: label })}
        </Button>
      )}
      {progress !== null && (
        <Flex gap={8} align="center">
          <Progress
            percent={progress}
            size="small"
            style={{ width: 240 }}
            aria-label={t('creative.uploading')}
          />
          <Button size="small" onClick={() => abort.current?.abort()}>
            {t('creative.cancel_upload')}
          </Button>
        </Flex>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t(`creative.limits.${role}` as 'creative.limits.image', limitHint(role, native))}
      </Typography.Text>
      {problem && <Alert type="error" showIcon title={problem} role="alert" />}
    </Flex>
  );
}
