import type { followsEn, followsPagesEn, followsServerEn } from './follows.en';

type Texts<T> = { [K in keyof T]: string };

/** Simplified Chinese texts of following a topic (follows.en.ts). */
export const followsZhHans: Texts<typeof followsEn> = {
  follow: '关注这个主题',
  following: '已关注',
  failed: '未能更改你关注的主题。',
};

export const followsPagesZhHans: Texts<typeof followsPagesEn> = {
  title: '我关注的主题',
  text: '你关注的主题里一有新问题，铃铛就会提醒你。如果你在通知设置里为它们开启了邮件，这些邮件会合并起来，每天发送一次。',
  mentorText: '作为导师，你会自动关注自己能帮助的主题，除非你在这里取消勾选。',
  loadFailed: '无法加载你关注的主题。',
};

export const followsServerZhHans: Texts<typeof followsServerEn> = {
  topicNotFound: '这个主题不存在。',
};
