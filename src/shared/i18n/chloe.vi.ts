import type { chloeEn } from './chloe.en';

/** Chloe's own words in Vietnamese (chloe.en.ts). */
export const chloeVi: typeof chloeEn = {
  guide: {
    /** Under an article's points in a language it was translated into, or lacks. */
    translated: 'Dịch từ tiếng Anh. Bản dịch được kiểm tra lần cuối ngày {{date}}.',
    onlyEnglish: 'Bài này hiện mới chỉ có bằng tiếng Anh.',
    /** Under help that lists services described in English only. */
    servicesInEnglish:
      'Một số dịch vụ ở trên được mô tả bằng tiếng Anh. Để có thông dịch viên miễn phí, hãy gọi TIS National số [131 450](tel:131450).',
    greeting:
      'Chào bạn, mình là Chloe. Bạn có thể hỏi mình về học tập, việc làm, thuê nhà, y tế, tài chính hoặc các dịch vụ hỗ trợ ở Úc, bằng ngôn ngữ của bạn. Mình trả lời dựa trên thông tin chính thức và cho bạn biết nguồn.',
    keyPoints: 'Những điểm chính',
    alsoUseful: 'Cũng hữu ích',
    getHelp: 'Nơi nhận hỗ trợ',
    community: 'Từ cộng đồng Mentor Me',
    near: 'Gần bạn',
    sources: 'Nguồn',
    phone: 'điện thoại',
    notFound: [
      'Mình không có thông tin về điều này trong các nguồn chính thức mà mình dựa vào, nên mình sẽ không đoán. Bạn có thể:',
      '',
      '- hỏi cộng đồng: đăng câu hỏi lên [bảng tin cộng đồng](/), nơi những người hướng dẫn và sinh viên khác trả lời;',
      '- trò chuyện với một [người hướng dẫn](/chat);',
      '- xem các trang chính thức: [Bộ Nội vụ (Department of Home Affairs)](https://immi.homeaffairs.gov.au/), [Services Australia](https://www.servicesaustralia.gov.au/), [Study Australia](https://www.studyaustralia.gov.au/).',
      '',
      'Nếu bạn cần giúp ngay: gọi [000](tel:000) khi khẩn cấp, Lifeline [13 11 14](tel:131114) bất cứ lúc nào, và TIS National [131 450](tel:131450) để có thông dịch viên miễn phí.',
    ].join('\n'),
  },
  crisis: [
    '**Nếu bạn đang gặp nguy hiểm, hãy gọi ngay [000](tel:000).** Bạn không đơn độc. Các dịch vụ sau miễn phí và bảo mật:',
    '',
    '- Lifeline, hỗ trợ khủng hoảng 24/7: [13 11 14](tel:131114)',
    '- 1800RESPECT, bạo lực gia đình và tình dục: [1800 737 732](tel:1800737732)',
    '- TIS National, thông dịch viên miễn phí: [131 450](tel:131450)',
  ].join('\n'),
  notAdvice:
    '_Đây là thông tin chung, không phải tư vấn di trú hay tư vấn pháp lý. Để được tư vấn cho trường hợp của bạn, hãy liên hệ một đại diện di trú có đăng ký ([tìm trong danh sách chính thức]({{registerUrl}})) hoặc một dịch vụ pháp lý miễn phí._',
  // The instructions are in English, so they name Vietnamese in English.
  answerLanguage: 'Vietnamese',
};
