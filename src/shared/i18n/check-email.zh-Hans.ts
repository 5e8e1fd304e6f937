import type { checkEmailEn } from './check-email.en';

/** Simplified Chinese texts of the step after sign-up, "Check your email" (/check-email); every key of check-email.en.ts. */
export const checkEmailZhHans: Record<keyof typeof checkEmailEn, string> = {
  title: '查收你的邮件',
  lead: '还差一步：确认你填写的邮箱地址是你的。',
  sent: '我们已经向 {{email}} 发送了一个链接。请打开链接，确认你的邮箱地址。',
  wait: '邮件可能要几分钟才能收到。如果找不到，请查看垃圾邮件文件夹。',
  why: '在你确认邮箱之前，有人回复你的问题时，我们无法发邮件通知你。',
  resend: '重新发送链接',
  resending: '正在发送…',
  wrongTitle: '邮箱地址填错了？',
  change: '修改地址',
  changeText:
    '请输入正确的邮箱地址和你的密码。我们会把链接发到这个地址，之前填写的地址将不能再用于你的账户。',
  newEmail: '正确的邮箱地址',
  password: '你的密码',
  submit: '把链接发到这个地址',
  changing: '正在发送…',
  changed: '你的邮箱地址已改为 {{email}}。我们已经把链接发到这个地址。',
  changeFailed: '无法修改你的邮箱地址。',
  later: '继续，稍后再确认',
  confirmed: '你的邮箱 {{email}} 已确认。',
  continue: '继续',
};
