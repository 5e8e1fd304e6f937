/** Simplified Chinese texts the server writes for "Waiting for you" (waiting.en.ts). */
export const waitingZhHans = {
  errors: {
    verifiedMentorsOnly: '只有已认证的导师才能查看和认领等待回答的问题。',
    claimed: '另一位导师已经在回答这个问题了。请选择其他问题。',
    answered: '这个问题已经有真人回答了。',
  },
  email: {
    subject_one: '有 1 个问题在等待导师回答',
    subject_other: '有 {{count}} 个问题在等待导师回答',
    intro: '在你的话题和语言中，以下问题还没有真人回答：',
    item: '{{title}}（已等 {{waited}}）',
    action: '查看所有等待回答的问题',
    why: '你每天最多收到一封这样的邮件，因为你在设置中开启了“等待回答的问题”邮件。',
    stop: '在设置中停止接收这类邮件',
    hours_one: '1 小时',
    hours_other: '{{count}} 小时',
    days_one: '1 天',
    days_other: '{{count}} 天',
    minutes: '不到一小时',
  },
};
