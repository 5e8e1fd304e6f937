import type { laterEn } from './later.en';

/** Vietnamese texts of what loads after the first page: the keys of later.en.ts. */
export const laterVi: { [K in keyof typeof laterEn]: { [T in keyof (typeof laterEn)[K]]: string } } = {
  floatingChat: {
    open: 'Mở tùy chọn trò chuyện',
    title: 'Trò chuyện với chúng tôi',
    aiTitle: 'Trợ lý AI (Chloe)',
    aiDescription: 'Trợ giúp AI ngay, không cần đăng nhập',
    mentorsTitle: 'Người hướng dẫn thật',
    mentorsSignedOut: 'Đăng ký để kết nối với người thật',
    mentorsSignedIn: 'Trò chuyện với một người hướng dẫn thật',
  },
};
