import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../components/feedback';
import { uploadFile } from './api';
import { acceptFor, checkPickedFile, uploadProblemText } from './checkUpload';

export interface LicenseUploadProps {
  /** File names uploaded so far (the form value: `license_files`). */
  value?: string[];
  onChange?: (files: string[]) => void;
  /** The button's text, in the caller's namespace. */
  buttonText: string;
  disabled?: boolean;
  max?: number;
  id?: string;
}

const doneNames = (list: UploadFile[]) =>
  list.filter((f) => f.status === 'done' && typeof f.response === 'string').map((f) => f.response as string);

/** License upload (kind=license): the browser checks type and size first, the server checks again. */
export function LicenseUpload({ onChange, buttonText, disabled, max = 10, id }: LicenseUploadProps) {
  const { message } = useFeedback();
  const [fileList, setFileList] = useState<UploadFile[]>([]);

  const update = (next: UploadFile[]) => {
    setFileList(next);
    onChange?.(doneNames(next));
  };

  return (
    <Upload
      accept={acceptFor('license')}
      fileList={fileList}
      maxCount={max}
      disabled={disabled}
      beforeUpload={async (file) => {
        const problem = await checkPickedFile('license', file);
        if (!problem) return true;
        message.error(uploadProblemText('license', problem));
        return Upload.LIST_IGNORE;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        uploadFile('license', file as File)
          .then((uploaded) => onSuccess?.(uploaded.file))
          .catch((error: Error) => {
            message.error(error.message);
            onError?.(error);
          });
      }}
      onChange={({ fileList: next }) => update(next)}
    >
      <Button id={id} icon={<UploadOutlined />} disabled={disabled}>
        {buttonText}
      </Button>
    </Upload>
  );
}
