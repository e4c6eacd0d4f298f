import type { EmailTokenPurpose, Locale } from '@scaler/domain';

interface Template {
  subject: string;
  body: (link: string) => string;
}

/** E-mail texts in both languages; the recipient's language picks one. */
export const MAIL_TEMPLATES: Record<Locale, Record<EmailTokenPurpose, Template>> = {
  'en-US': {
    verify: {
      subject: 'Verify your e-mail address',
      body: (link) =>
        `Welcome to Scaler Console.\n\nOpen this link to verify your e-mail address (valid for 24 hours):\n${link}\n\nIf you did not sign up, ignore this message.`,
    },
    reset: {
      subject: 'Reset your password',
      body: (link) =>
        `Open this link to set a new password (valid for 1 hour):\n${link}\n\nIf you did not ask for this, ignore this message; your password stays as it is.`,
    },
    invite: {
      subject: 'You are invited to a business center',
      body: (link) =>
        `You have been invited to join a business center on Scaler Console.\n\nAccept here:\n${link}`,
    },
  },
  'zh-CN': {
    verify: {
      subject: '验证您的邮箱地址',
      body: (link) =>
        `欢迎使用 Scaler Console。\n\n请打开以下链接验证邮箱（24 小时内有效）：\n${link}\n\n如果您没有注册，请忽略此邮件。`,
    },
    reset: {
      subject: '重置您的密码',
      body: (link) =>
        `请打开以下链接设置新密码（1 小时内有效）：\n${link}\n\n如果不是您本人操作，请忽略此邮件，您的密码不会改变。`,
    },
    invite: {
      subject: '您被邀请加入商务中心',
      body: (link) => `您被邀请加入 Scaler Console 上的一个商务中心。\n\n点击接受：\n${link}`,
    },
  },
};
