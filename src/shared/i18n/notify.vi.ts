import type { notifyEn } from './notify.en';

/** The bell's sentences in Vietnamese (notify.en.ts). */
export const notifyVi: typeof notifyEn = {
  someone: 'Một thành viên',
  replyToMine: '{{name}} vừa trả lời câu hỏi “{{title}}” của bạn',
  chloeReplyToMine: 'Chloe vừa trả lời câu hỏi “{{title}}” của bạn',
  replyToFollowed: '{{name}} vừa trả lời câu hỏi “{{title}}” mà bạn đang theo dõi',
  chloeReplyToFollowed: 'Chloe vừa trả lời câu hỏi “{{title}}” mà bạn đang theo dõi',
  askerReplyToFollowed: 'Người đặt câu hỏi vừa trả lời trong “{{title}}”, câu hỏi bạn đang theo dõi',
  newConversation: '{{name}} đã bắt đầu trò chuyện với bạn: “{{title}}”',
  conversationClosed:
    'Cuộc trò chuyện “{{title}}” của bạn với {{name}} đã đóng: {{name}} không còn là người hướng dẫn. Bạn có thể chọn một người hướng dẫn khác.',
  chatMessage_one: 'Tin nhắn mới từ {{name}} trong “{{title}}”',
  chatMessage_other: '{{count}} tin nhắn mới từ {{name}} trong “{{title}}”',
  mentorVerified:
    'Đơn đăng ký làm người hướng dẫn của bạn đã được duyệt: giờ sinh viên có thể chọn trò chuyện với bạn.',
  mentorDeclined: 'Đơn đăng ký làm người hướng dẫn của bạn chưa được chấp nhận. Lý do: {{reason}}',
  questionRemoved: 'Quản trị viên đã gỡ câu hỏi “{{title}}” của bạn',
  replyRemoved: 'Quản trị viên đã gỡ câu trả lời “{{title}}” của bạn',
  newReports: 'Có báo cáo mới đang chờ xem xét.',
  topicQuestion: 'Câu hỏi mới trong chủ đề bạn theo dõi: “{{title}}”',
  conversationReminder: '{{name}} đã chờ hai ngày để nhận câu trả lời đầu tiên của bạn trong “{{title}}”',
  conversationNoReply:
    'Cuộc trò chuyện “{{title}}” của bạn với {{name}} đã đóng vì không có trả lời trong 7 ngày. Bạn có thể chọn một người hướng dẫn khác.',
  targets: {
    mentorApplication: 'Đơn đăng ký làm người hướng dẫn',
    reports: 'Báo cáo',
  },
};
