import type { followsEn, followsPagesEn, followsServerEn } from './follows.en';

type Texts<T> = { [K in keyof T]: string };

/** Vietnamese texts of following a topic (follows.en.ts). */
export const followsVi: Texts<typeof followsEn> = {
  follow: 'Theo dõi chủ đề này',
  following: 'Đang theo dõi',
  failed: 'Không thay đổi được các chủ đề bạn theo dõi',
};

export const followsPagesVi: Texts<typeof followsPagesEn> = {
  title: 'Chủ đề tôi theo dõi',
  text: 'Chuông thông báo sẽ báo cho bạn mỗi câu hỏi mới trong chủ đề bạn theo dõi. Nếu bạn bật email cho loại này trong phần cài đặt thông báo, các email sẽ được gộp lại và gửi mỗi ngày một lần.',
  mentorText: 'Là người hướng dẫn, bạn tự động theo dõi các chủ đề của mình, trừ khi bạn bỏ chọn ở đây.',
  loadFailed: 'Không tải được các chủ đề bạn theo dõi',
};

export const followsServerVi: Texts<typeof followsServerEn> = {
  topicNotFound: 'Chủ đề này không tồn tại.',
};
