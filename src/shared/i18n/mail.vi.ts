import type { mailEn } from './mail.en';

/** The emails in Vietnamese (mail.en.ts). */
export const mailVi: typeof mailEn = {
  greeting: 'Xin chào {{name}},',
  signature: 'Mentor Me',
  footer:
    'Mentor Me hỗ trợ người di cư và du học sinh tại Úc. Bạn nhận được email này vì có một thao tác trên tài khoản Mentor Me của bạn.',
  linkHelp: 'Nếu nút không hoạt động, hãy sao chép địa chỉ này vào trình duyệt:',
  verifyEmail: {
    subject: 'Xác nhận email của bạn cho Mentor Me',
    intro: 'Chào mừng bạn đến với Mentor Me. Vui lòng xác nhận rằng địa chỉ email này là của bạn.',
    action: 'Xác nhận email của tôi',
    expiry: 'Liên kết chỉ dùng được một lần, trong 24 giờ.',
    notYou: 'Nếu bạn không tạo tài khoản, bạn có thể bỏ qua email này.',
  },
  changeEmail: {
    subject: 'Xác nhận email mới của bạn cho Mentor Me',
    intro:
      'Bạn đã yêu cầu dùng địa chỉ này cho tài khoản Mentor Me. Hãy xác nhận để nó trở thành email đăng nhập của bạn.',
    action: 'Xác nhận email mới',
    expiry: 'Liên kết chỉ dùng được một lần, trong 24 giờ.',
    notYou: 'Nếu bạn không yêu cầu việc này, bạn có thể bỏ qua email này: không có gì thay đổi.',
  },
  emailChangeNotice: {
    subject: 'Email Mentor Me của bạn đang được thay đổi',
    intro:
      'Một người đã đăng nhập vào tài khoản Mentor Me của bạn và yêu cầu đổi email thành {{newEmail}}. Email chỉ thay đổi khi địa chỉ đó được xác nhận.',
    notYou:
      'Nếu đó không phải là bạn, hãy đăng nhập và đổi mật khẩu ngay: việc này kết thúc mọi phiên đăng nhập khác. Địa chỉ này vẫn dùng được cho đến khi địa chỉ mới được xác nhận.',
  },
  resetPassword: {
    subject: 'Đặt lại mật khẩu Mentor Me của bạn',
    intro:
      'Có người đã yêu cầu đặt lại mật khẩu tài khoản Mentor Me của bạn. Hãy chọn mật khẩu mới bằng liên kết này.',
    action: 'Chọn mật khẩu mới',
    expiry: 'Liên kết chỉ dùng được một lần, trong 60 phút. Yêu cầu mới hơn sẽ thay thế nó.',
    notYou: 'Nếu bạn không yêu cầu việc này, bạn có thể bỏ qua email này: mật khẩu của bạn vẫn giữ nguyên.',
  },
};
