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

/**
 * Sent instead of a verification link when someone signs up with an address that already has an
 * account: the sign-up answers the same as for a new address, and only the owner learns of it.
 */
export const ACCOUNT_EXISTS_TEMPLATE: Record<
  Locale,
  { subject: string; body: (loginUrl: string, resetUrl: string) => string }
> = {
  'en-US': {
    subject: 'Someone tried to sign up with your e-mail address',
    body: (loginUrl, resetUrl) =>
      `Someone just tried to create a Scaler Console account with this e-mail address, which already has one.\n\nIf it was you, log in here:\n${loginUrl}\n\nForgot your password? Reset it here:\n${resetUrl}\n\nIf it was not you, ignore this message; nothing has changed.`,
  },
  'zh-CN': {
    subject: '有人尝试使用您的邮箱地址注册',
    body: (loginUrl, resetUrl) =>
      `刚刚有人尝试使用此邮箱地址注册 Scaler Console 账户，但该地址已有账户。\n\n如果是您本人，请在此登录：\n${loginUrl}\n\n忘记密码？请在此重置：\n${resetUrl}\n\n如果不是您本人操作，请忽略此邮件，您的账户没有任何变化。`,
  },
};
