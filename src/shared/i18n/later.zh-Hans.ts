import type { laterEn } from './later.en';

/** Simplified Chinese texts of what loads after the first page: the keys of later.en.ts. */
export const laterZhHans: { [K in keyof typeof laterEn]: { [T in keyof (typeof laterEn)[K]]: string } } = {
  floatingChat: {
    open: '打开聊天选项',
    title: '和我们聊聊',
    aiTitle: 'AI 助手（Chloe）',
    aiDescription: 'AI 即时帮助，无需登录',
    mentorsTitle: '真人导师',
    mentorsSignedOut: '注册后即可和真人交流',
    mentorsSignedIn: '和真人同伴导师聊天',
  },
};
