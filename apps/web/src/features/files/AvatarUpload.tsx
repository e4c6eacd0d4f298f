import { LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { Avatar, Button, Flex, Upload } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../components/feedback';
import { type AvatarType, avatarUrl } from '../../lib/avatar';
import { uploadFile } from './api';
import { acceptFor, checkPickedFile, uploadProblemText } from './checkUpload';

export interface AvatarUploadProps {
  /** `avatars/<file>` as the API stores it, or null. */
  value?: string | null;
  onChange?: (url: string | null) => void;
  type: AvatarType;
  buttonText: string;
  hint?: string;
  disabled?: boolean;
  id?: string;
}

/** Avatar upload (kind=avatar): preview with `avatarUrl`, checked in the browser and again by the server. */
export function AvatarUpload({ value, onChange, type, buttonText, hint, disabled, id }: AvatarUploadProps) {
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);
  return (
    <Flex gap={16} align="center">
      <Avatar size={64} shape={type === 'member' ? 'circle' : 'square'} src={avatarUrl(value, type)} alt="" />
      <Flex vertical gap={4}>
        <Upload
          accept={acceptFor('avatar')}
          showUploadList={false}
          disabled={disabled || busy}
          beforeUpload={async (file) => {
            const problem = await checkPickedFile('avatar', file);
            if (!problem) return true;
            message.error(uploadProblemText('avatar', problem));
            return Upload.LIST_IGNORE;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            setBusy(true);
            uploadFile('avatar', file as File)
              .then((uploaded) => {
                onChange?.(uploaded.url);
                onSuccess?.(uploaded);
              })
              .catch((error: Error) => {
                message.error(error.message);
                onError?.(error);
              })
              .finally(() => setBusy(false));
          }}
        >
          <Button id={id} icon={busy ? <LoadingOutlined /> : <UploadOutlined />} disabled={disabled}>
            {buttonText}
          </Button>
        </Upload>
        {hint && <span style={{ color: 'var(--ant-color-text-secondary)', fontSize: 12 }}>{hint}</span>}
      </Flex>
    </Flex>
  );
}
