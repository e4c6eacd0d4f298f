import { PaperClipOutlined } from '@ant-design/icons';
import type { TLicenseFile } from '@scaler/domain';
import { Flex, Typography } from 'antd';
import { type LicenseOwner, licenseFileUrl } from './api';

/** License files as download links under their original names; `empty` is shown when there are none. */
export function LicenseFileList({
  files,
  owner,
  empty,
}: {
  files: readonly TLicenseFile[];
  owner: LicenseOwner;
  empty: string;
}) {
  if (files.length === 0) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return (
    <Flex vertical gap={4}>
      {files.map(({ file, name }) => (
        <Typography.Link key={file} href={licenseFileUrl(file, owner)} download={name}>
          <PaperClipOutlined /> {name}
        </Typography.Link>
      ))}
    </Flex>
  );
}
