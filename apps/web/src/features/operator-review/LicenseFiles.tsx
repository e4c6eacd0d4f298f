import { FileOutlined, FilePdfOutlined } from '@ant-design/icons';
import type { TLicenseFile } from '@scaler/domain';
import { Flex, Image, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { licenseUrl } from './api';

const IMAGE = /\.(png|jpe?g|webp)$/i;

/** The license files under review: images previewed, every file a link that opens in a new tab. */
export function LicenseFiles({
  files,
  owner,
}: {
  files: readonly TLicenseFile[];
  owner: { org_id: number } | { adv_id: number };
}) {
  const { t } = useTranslation('operatorReview');
  if (files.length === 0) return <Typography.Text type="warning">{t('fields.no_files')}</Typography.Text>;
  return (
    <Flex gap={12} wrap>
      {files.map(({ file, name }) => {
        const url = licenseUrl(file, owner);
        const isImage = IMAGE.test(file);
        return (
          <Flex key={file} vertical gap={4} style={{ width: 160 }}>
            {isImage ? (
              <Image
                src={url}
                alt={t('fields.preview', { file: name })}
                width={160}
                height={110}
                style={{
                  objectFit: 'cover',
                  border: '1px solid var(--ant-color-border-secondary)',
                  borderRadius: 6,
                }}
              />
            ) : (
              <Flex
                align="center"
                justify="center"
                style={{
                  width: 160,
                  height: 110,
                  fontSize: 36,
                  borderRadius: 6,
                  background: 'var(--ant-color-fill-quaternary)',
                  color: 'var(--ant-color-text-secondary)',
                }}
              >
                {/\.pdf$/i.test(file) ? <FilePdfOutlined /> : <FileOutlined />}
              </Flex>
            )}
            <Typography.Link
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              ellipsis
              aria-label={t('fields.open_file', { file: name })}
              title={name}
            >
              {name}
            </Typography.Link>
          </Flex>
        );
      })}
    </Flex>
  );
}
