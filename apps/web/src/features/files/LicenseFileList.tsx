import { PaperClipOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import { type LicenseOwner, licenseFileUrl } from './api';

/** License files as download links; `empty` is shown when there are none. */
export function LicenseFileList({
  files,
  owner,
  empty,
}: {
  files: readonly string[];
  owner: LicenseOwner;
  empty: string;
}) {
  if (files.length === 0) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return (
    <Flex vertical gap={4}>
      {files.map((file) => (
        <Typography.Link key={file} href={licenseFileUrl(file, owner)} download={file}>
          <PaperClipOutlined /> {file}
        </Typography.Link>
      ))}
    </Flex>
  );
}
