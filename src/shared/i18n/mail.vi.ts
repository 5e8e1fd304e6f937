import type { mailEn } from './mail.en';

/** The emails in Vietnamese (mail.en.ts). */
export const mailVi: typeof mailEn = {
  greeting: 'Xin chào {{name}},',
  greetingPlain: 'Xin chào,',
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
      'Một người đã đăng nhập vào tài khoản Mentor Me của bạn và yêu cầu đổi email thành {{newEmail}}. Email chỉ thay đổi khi địa chỉ đó được xác nhận. Nếu đó là bạn, bạn không cần làm gì thêm.',
    action: 'Không phải tôi: huỷ việc đổi email',
    expiry:
      'Nút này dùng được trong 7 ngày, kể cả khi địa chỉ mới đã được xác nhận: tài khoản của bạn nhận lại địa chỉ này và mọi thiết bị khác bị đăng xuất.',
    notYou: 'Nếu đó không phải là bạn, có người biết mật khẩu của bạn: sau khi huỷ, hãy chọn mật khẩu mới.',
  },
  emailChangeAttempt: {
    subject: 'Có người đã thử dùng email của bạn trên Mentor Me',
    intro:
      'Một người đang đăng nhập vào một tài khoản Mentor Me khác đã yêu cầu đổi email của tài khoản đó thành địa chỉ này. Địa chỉ này đã thuộc về tài khoản của bạn, nên không có gì thay đổi.',
    notYou: 'Bạn không cần làm gì: tài khoản, mật khẩu và email của bạn vẫn như cũ.',
  },
  resetPassword: {
    subject: 'Đặt lại mật khẩu Mentor Me của bạn',
    intro:
      'Có người đã yêu cầu đặt lại mật khẩu tài khoản Mentor Me của bạn. Hãy chọn mật khẩu mới bằng liên kết này.',
    action: 'Chọn mật khẩu mới',
    expiry: 'Liên kết chỉ dùng được một lần, trong 60 phút. Yêu cầu mới hơn sẽ thay thế nó.',
    notYou: 'Nếu bạn không yêu cầu việc này, bạn có thể bỏ qua email này: mật khẩu của bạn vẫn giữ nguyên.',
  },
  notification: {
    replies_one: 'Có trả lời mới cho câu hỏi “{{title}}” của bạn',
    replies_other: 'Có {{count}} trả lời mới cho câu hỏi “{{title}}” của bạn',
    followedReplies_one: 'Có trả lời mới cho “{{title}}”, câu hỏi bạn đang theo dõi',
    followedReplies_other: 'Có {{count}} trả lời mới cho “{{title}}”, câu hỏi bạn đang theo dõi',
    replyBy: '{{who}} vừa trả lời câu hỏi “{{title}}” của bạn',
    followedReplyBy: '{{who}} vừa trả lời “{{title}}”, câu hỏi bạn đang theo dõi',
    who: {
      chloe: 'Chloe (trợ lý AI)',
      mentor: '{{name}} (người hướng dẫn)',
      asker: 'Người đặt câu hỏi',
      someone: 'Một thành viên',
    },
    moreReplies_one: 'Và 1 trả lời khác trên trang.',
    moreReplies_other: 'Và {{count}} trả lời khác trên trang.',
    newConversation: 'Một sinh viên đã bắt đầu trò chuyện với bạn: “{{title}}”',
    conversationClosed:
      'Cuộc trò chuyện “{{title}}” của bạn đã đóng vì người hướng dẫn không còn làm người hướng dẫn nữa. Bạn có thể chọn một người hướng dẫn khác.',
    chatMessages_one: 'Bạn có một tin nhắn chưa đọc trong “{{title}}”',
    chatMessages_other: 'Bạn có {{count}} tin nhắn chưa đọc trong “{{title}}”',
    mentorVerified:
      'Đơn đăng ký làm người hướng dẫn của bạn đã được duyệt: giờ đây sinh viên có thể chọn trò chuyện với bạn.',
    mentorDeclined:
      'Đơn đăng ký làm người hướng dẫn của bạn chưa được duyệt. Lý do có trong trang cá nhân của bạn.',
    questionRemoved: 'Người kiểm duyệt đã gỡ câu hỏi “{{title}}” của bạn.',
    replyRemoved: 'Người kiểm duyệt đã gỡ một câu trả lời của bạn.',
    newReports: 'Có báo cáo mới đang chờ xem xét.',
    topicQuestion: 'Câu hỏi mới trong chủ đề bạn theo dõi: “{{title}}”.',
    conversationReminder:
      'Một sinh viên đã chờ hai ngày để nhận câu trả lời đầu tiên của bạn trong “{{title}}”.',
    conversationNoReply:
      'Cuộc trò chuyện “{{title}}” của bạn đã đóng vì không có trả lời trong 7 ngày. Bạn có thể chọn một người hướng dẫn khác.',
    actions: {
      question: 'Đọc các câu trả lời',
      conversation: 'Mở cuộc trò chuyện',
      profile: 'Mở trang cá nhân',
      reports: 'Xem các báo cáo',
    },
    why: 'Bạn nhận được email này vì bạn đang bật email cho loại thông báo này trong phần cài đặt thông báo.',
    unsubscribe: 'Ngừng nhận những email như thế này',
    settings: 'Cài đặt thông báo',
    unsubscribeInvalid:
      'Liên kết hủy đăng ký này không hợp lệ. Bạn có thể chọn loại email muốn nhận trong phần cài đặt thông báo.',
  },
  digest: {
    subject_one: 'Một ngày của bạn trên Mentor Me: 1 cập nhật',
    subject_other: 'Một ngày của bạn trên Mentor Me: {{count}} cập nhật',
    intro: 'Đây là những gì đã diễn ra kể từ bản tóm tắt trước của bạn.',
    action: 'Mở Mentor Me',
    why: 'Bạn nhận một bản tóm tắt mỗi ngày vì bạn đã chọn nhận tóm tắt hằng ngày, hoặc email về các chủ đề bạn theo dõi, trong phần cài đặt thông báo.',
    unsubscribe: 'Ngừng nhận mọi email thông báo',
  },
  push: {
    reply: 'Có trả lời mới trên Mentor Me',
    question: 'Có câu hỏi mới trên Mentor Me',
    message: 'Có tin nhắn mới trên Mentor Me',
    conversation: 'Có cuộc trò chuyện mới trên Mentor Me',
    other: 'Có thông báo mới trên Mentor Me',
    body: 'Mở Mentor Me để xem.',
  },
};
