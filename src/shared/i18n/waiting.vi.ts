/** Vietnamese texts the server writes for "Waiting for you" (waiting.en.ts). */
export const waitingVi = {
  errors: {
    verifiedMentorsOnly: 'Chỉ người hướng dẫn đã được xác minh mới xem và nhận được các câu hỏi đang chờ.',
    claimed: 'Một người hướng dẫn khác đang trả lời câu hỏi này. Bạn hãy chọn câu hỏi khác nhé.',
    answered: 'Câu hỏi này đã có người trả lời.',
  },
  email: {
    subject_one: '1 câu hỏi đang chờ người hướng dẫn',
    subject_other: '{{count}} câu hỏi đang chờ người hướng dẫn',
    intro: 'Những câu hỏi này thuộc chủ đề và ngôn ngữ của bạn và chưa có ai trả lời:',
    item: '{{title}} (đã chờ {{waited}})',
    action: 'Xem tất cả câu hỏi đang chờ',
    why: 'Bạn nhận email này nhiều nhất một lần mỗi ngày vì bạn đã bật email câu hỏi đang chờ trong phần cài đặt.',
    stop: 'Tắt email này trong phần cài đặt',
    hours_one: '1 giờ',
    hours_other: '{{count}} giờ',
    days_one: '1 ngày',
    days_other: '{{count}} ngày',
    minutes: 'chưa đến một giờ',
  },
};
