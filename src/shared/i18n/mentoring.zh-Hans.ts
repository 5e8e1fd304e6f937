import type { mentoringEn } from './mentoring.en';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** Simplified Chinese texts of "Waiting for you" (mentoring.en.ts). */
export const mentoringZhHans: Texts<typeof mentoringEn> = {
  title: '等你回答',
  lead: '还没有真人回答的问题。SOS 问题排在最前面，然后是符合你的话题和语言的问题，再按等待时间从长到短排列。',
  total_one: '有 {{count}} 个问题在等待回答',
  total_other: '有 {{count}} 个问题在等待回答',
  totalAtLeast: '有 {{count}} 个或更多问题在等待回答',
  sos: 'SOS',
  matches: '符合你的话题和语言',
  noTopic: '无话题',
  waited: {
    minutes_one: '已等 {{count}} 分钟',
    minutes_other: '已等 {{count}} 分钟',
    hours_one: '已等 {{count}} 小时',
    hours_other: '已等 {{count}} 小时',
    days_one: '已等 {{count}} 天',
    days_other: '已等 {{count}} 天',
  },
  empty: '目前没有等待回答的问题',
  emptyText: '每个问题都已经有真人回答了。谢谢你的帮助。',
  loadFailed: '无法加载等待回答的问题。',
  showMore: '显示更多',
  loadingMore: '加载中…',
  notMentorTitle: '此页面仅供已认证的导师使用',
  notMentorText:
    '导师可以在这里看到还在等待真人回答的问题。如果你已经申请成为导师，管理员认证你的资料后，就可以打开此页面。',
  waitingEmail: '每日邮件：我的话题中等待回答的问题',
  waitingEmailHint: '每天最多一封，而且只在你的话题和语言中有问题还没有真人回答时才发送。',
};
