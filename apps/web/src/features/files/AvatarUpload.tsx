import { LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { Avatar, Button, Flex } from 'antd';
import { useRef, useState } from 'react';
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

/**
 * Avatar upload (kind=avatar): preview with `avatarUrl`, checked in the browser and again by the server.
 * One file and no list, so the browser's own file input does it (antd's Upload, its list and progress
 * bars would weigh more than the rest of the form).
 */
export function AvatarUpload({ value, onChange, type, buttonText, hint, disabled, id }: AvatarUploadProps) {
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const upload = async (file: File) => {
    const problem = await checkPickedFile('avatar', file);
    if (problem) {
      message.error(uploadProblemText('avatar', problem));
      return;
    }
    setBusy(true);
    uploadFile('avatar', file)
      .then((uploaded) => onChange?.(uploaded.url))
      .catch((error: Error) => message.error(error.message))
      .finally(() => setBusy(false));
  };

  return (
    <Flex gap={16} align="center">
      <Avatar size={64} shape={type === 'member' ? 'circle' : 'square'} src={avatarUrl(value, type)} alt="" />
      <Flex vertical gap={4}>
        <div>
          <input
            ref={input}
            type="file"
            accept={acceptFor('avatar')}
            // `hidden` alone loses to antd's form style (`input[type='file'] { display: block }`): the
            // button below is the control (focusable, Enter and Space open the file chooser).
            hidden
            style={{ display: 'none' }}
            tabIndex={-1}
            aria-hidden
            disabled={disabled || busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              // The same file may be picked again after a refusal.
              event.target.value = '';
              if (file) void upload(file);
            }}
          />
          <Button
            id={id}
            icon={busy ? <LoadingOutlined /> : <UploadOutlined />}
            disabled={disabled}
            onClick={() => {
              if (!busy) input.current?.click();
            }}
          >
            {buttonText}
          </Button>
        </div>
        {hint && <span style={{ color: 'var(--ant-color-text-secondary)', fontSize: 12 }}>{hint}</span>}
      </Flex>
    </Flex>
  );
}
