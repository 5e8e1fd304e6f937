import type { mentoringEn } from './mentoring.en';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** Vietnamese texts of "Waiting for you" (mentoring.en.ts). */
export const mentoringVi: Texts<typeof mentoringEn> = {
  title: 'Câu hỏi đang chờ bạn',
  lead: 'Những câu hỏi chưa có ai trả lời. Câu hỏi SOS đứng đầu, rồi đến câu hỏi thuộc chủ đề và ngôn ngữ của bạn, rồi đến câu hỏi cũ nhất.',
  total_one: '{{count}} câu hỏi đang chờ',
  total_other: '{{count}} câu hỏi đang chờ',
  totalAtLeast: 'Có từ {{count}} câu hỏi trở lên đang chờ',
  sos: 'SOS',
  matches: 'Đúng chủ đề và ngôn ngữ của bạn',
  noTopic: 'Chưa có chủ đề',
  waited: {
    minutes_one: 'Đã chờ {{count}} phút',
    minutes_other: 'Đã chờ {{count}} phút',
    hours_one: 'Đã chờ {{count}} giờ',
    hours_other: 'Đã chờ {{count}} giờ',
    days_one: 'Đã chờ {{count}} ngày',
    days_other: 'Đã chờ {{count}} ngày',
  },
  empty: 'Hiện không có câu hỏi nào đang chờ',
  emptyText: 'Câu hỏi nào cũng đã có người trả lời. Cảm ơn bạn đã giúp đỡ.',
  loadFailed: 'Không tải được các câu hỏi đang chờ.',
  showMore: 'Xem thêm',
  loadingMore: 'Đang tải…',
  notMentorTitle: 'Trang này dành cho người hướng dẫn đã được xác minh',
  notMentorText:
    'Người hướng dẫn xem ở đây những câu hỏi vẫn đang chờ người trả lời. Nếu bạn đã đăng ký làm người hướng dẫn, trang này sẽ mở khi quản trị viên xác minh hồ sơ của bạn.',
  waitingEmail: 'Email hằng ngày về các câu hỏi đang chờ trong chủ đề của tôi',
  waitingEmailHint:
    'Nhiều nhất một lần mỗi ngày, và chỉ khi có câu hỏi thuộc chủ đề và ngôn ngữ của bạn chưa có ai trả lời.',
};
