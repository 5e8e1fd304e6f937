import type { chloeEn } from './chloe.en';

/** Chloe's own words in Simplified Chinese (chloe.en.ts). */
export const chloeZhHans: typeof chloeEn = {
  guide: {
    /** Under an article's points in a language it was translated into, or lacks. */
    translated: '译自英文。译文最后核对日期：{{date}}。',
    onlyEnglish: '这篇文章目前只有英文版。',
    /** Under help that lists services described in English only. */
    servicesInEnglish:
      '上面有些服务的介绍是英文的。需要免费口译，请致电 TIS National（翻译和口译服务）[131 450](tel:131450)。',
    greeting:
      '你好，我是 Chloe。你可以用你的语言问我在澳大利亚学习、工作、租房、看病、理财或支援服务方面的问题。我会根据官方信息回答，并告诉你信息来自哪里。',
    keyPoints: '要点',
    alsoUseful: '其他有用信息',
    getHelp: '在哪里获得帮助',
    community: '来自 Mentor Me 社区',
    near: '你附近',
    sources: '来源',
    phone: '电话',
    notFound: [
      '我依据的官方资料里没有这方面的信息，所以我不会乱猜。你可以：',
      '',
      '- 问问社区：在[社区问答](/)发布你的问题，同伴导师和学生会来回答；',
      '- 和[导师](/chat)聊一聊；',
      '- 查看官方网站：[Department of Home Affairs（澳大利亚内政部）](https://immi.homeaffairs.gov.au/)、[Services Australia（澳大利亚政府服务机构）](https://www.servicesaustralia.gov.au/)、[Study Australia（澳大利亚政府留学网站）](https://www.studyaustralia.gov.au/)。',
      '',
      '如果你现在就需要帮助：紧急情况请拨打 [000](tel:000)；Lifeline（危机支援热线）[13 11 14](tel:131114) 任何时间都可以拨打；需要免费口译员，请拨打 TIS National（全国口笔译服务）[131 450](tel:131450)。',
    ].join('\n'),
  },
  crisis: [
    '**如果你现在有危险，请拨打 [000](tel:000)。** 你并不孤单，以下服务免费且保密：',
    '',
    '- Lifeline，每天 24 小时危机支援：[13 11 14](tel:131114)',
    '- 1800RESPECT，家庭暴力和性暴力支援：[1800 737 732](tel:1800737732)',
    '- TIS National，免费口译员：[131 450](tel:131450)',
  ].join('\n'),
  notAdvice:
    '_这是一般信息，不是移民或法律建议。如需针对你自己情况的建议，请咨询注册移民代理（[在官方注册名单中查找]({{registerUrl}})）或免费法律服务机构。_',
  // The instructions are in English, so they name Simplified Chinese in English.
  answerLanguage: 'Simplified Chinese',
};
