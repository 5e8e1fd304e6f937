import type { checkEmailEn } from './check-email.en';

/** Vietnamese texts of the step after sign-up, "Check your email" (/check-email); every key of check-email.en.ts. */
export const checkEmailVi: Record<keyof typeof checkEmailEn, string> = {
  title: 'Kiểm tra email của bạn',
  lead: 'Còn một bước nữa: xác nhận địa chỉ email bạn đã nhập là của bạn.',
  sent: 'Chúng tôi đã gửi một liên kết đến {{email}}. Hãy mở liên kết đó để xác nhận địa chỉ của bạn.',
  wait: 'Email có thể đến sau vài phút. Nếu không thấy, hãy tìm trong thư mục thư rác (spam).',
  why: 'Khi bạn chưa xác nhận, chúng tôi không thể gửi email báo cho bạn khi có người trả lời câu hỏi của bạn.',
  resend: 'Gửi lại liên kết',
  resending: 'Đang gửi…',
  wrongTitle: 'Nhập sai địa chỉ?',
  change: 'Đổi địa chỉ',
  changeText:
    'Hãy nhập đúng địa chỉ email và mật khẩu của bạn. Chúng tôi sẽ gửi liên kết đến địa chỉ đó, và địa chỉ bạn nhập trước đây sẽ không còn dùng được với tài khoản của bạn.',
  newEmail: 'Địa chỉ email đúng',
  password: 'Mật khẩu của bạn',
  submit: 'Gửi liên kết đến địa chỉ này',
  changing: 'Đang gửi…',
  changed: 'Địa chỉ của bạn giờ là {{email}}. Chúng tôi đã gửi liên kết đến đó.',
  changeFailed: 'Không đổi được địa chỉ',
  later: 'Tiếp tục, xác nhận sau',
  confirmed: 'Email {{email}} của bạn đã được xác nhận.',
  continue: 'Tiếp tục',
};
