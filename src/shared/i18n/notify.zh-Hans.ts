import type { notifyEn } from './notify.en';

/** The bell's sentences in Simplified Chinese (notify.en.ts). */
export const notifyZhHans: typeof notifyEn = {
  someone: '有人',
  replyToMine: '{{name}}回复了你的问题“{{title}}”',
  chloeReplyToMine: 'Chloe 回复了你的问题“{{title}}”',
  replyToFollowed: '{{name}}回复了你关注的问题“{{title}}”',
  chloeReplyToFollowed: 'Chloe 回复了你关注的问题“{{title}}”',
  askerReplyToFollowed: '提问者在你关注的问题“{{title}}”中回复了',
  newConversation: '{{name}}和你开始了对话：“{{title}}”',
  conversationClosed: '你和{{name}}的对话“{{title}}”已关闭：{{name}}已不再担任导师。你可以选择其他导师。',
  chatMessage_one: '{{name}}在“{{title}}”中发来新消息',
  chatMessage_other: '{{name}}在“{{title}}”中发来 {{count}} 条新消息',
  mentorVerified: '你的导师申请已通过：学生现在可以选择和你聊天了。',
  mentorDeclined: '你的导师申请没有通过：{{reason}}',
  questionRemoved: '审核员删除了你的问题“{{title}}”',
  replyRemoved: '审核员删除了你在“{{title}}”中的回复',
  newReports: '有新的举报等待审核。',
  topicQuestion: '你关注的话题有新问题：“{{title}}”',
  conversationReminder: '{{name}}已经等了两天，还没收到你在“{{title}}”中的第一条回复',
  conversationNoReply: '你和{{name}}的对话“{{title}}”已关闭：7 天内没有收到回复。你可以选择其他导师。',
  targets: {
    mentorApplication: '你的导师申请',
    reports: '举报',
  },
};
