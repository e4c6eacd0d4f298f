import { Modal, message } from 'antd';
import { useEffect } from 'react';
import { attachFeedbackHost } from './feedback';

/** antd's message and modal hooks with their holders: a chunk of its own, loaded with the first toast. */
export function FeedbackHost() {
  const [messageApi, messageHolder] = message.useMessage();
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => {
    attachFeedbackHost({
      message: {
        success: (content, duration) => void messageApi.success(content, duration),
        error: (content, duration) => void messageApi.error(content, duration),
        warning: (content, duration) => void messageApi.warning(content, duration),
        info: (content, duration) => void messageApi.info(content, duration),
      },
      modal: { confirm: (config) => void modalApi.confirm(config) },
    });
    return () => attachFeedbackHost(null);
  }, [messageApi, modalApi]);
  return (
    <>
      {modalHolder}
      {messageHolder}
    </>
  );
}
