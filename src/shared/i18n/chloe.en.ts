/** Chloe's own words, written by the server (the offline guide, the crisis and visa notes). */
export const chloeEn = {
  /** The offline guide's answer: its headings, and what it says when it has nothing to answer from. */
  guide: {
    /** Under an article's points in a language it was translated into, or lacks. */
    translated: 'Translated from English. The translation was last checked on {{date}}.',
    onlyEnglish: 'This article is in English only so far.',
    /** Under help that lists services described in English only. */
    servicesInEnglish:
      'Some services above are described in English. For a free interpreter, call TIS National on [131 450](tel:131450).',
    greeting:
      "Hi, I'm Chloe. Ask me about study, work, renting, health care, money or support services in Australia, in your language. I answer from official information and show you where it comes from.",
    keyPoints: 'Key points',
    alsoUseful: 'Also useful',
    getHelp: 'Where to get help',
    community: 'From the Mentor Me community',
    near: 'Near you',
    sources: 'Sources',
    phone: 'phone',
    notFound: [
      "I don't have information on that in the official sources I answer from, so I won't guess. You can:",
      '',
      '- ask the community: post your question in the [community feed](/), where peer mentors and students answer;',
      '- talk to a [mentor](/chat);',
      '- check the official sites: [Department of Home Affairs](https://immi.homeaffairs.gov.au/), [Services Australia](https://www.servicesaustralia.gov.au/), [Study Australia](https://www.studyaustralia.gov.au/).',
      '',
      'If you need help now: [000](tel:000) in an emergency, Lifeline [13 11 14](tel:131114) at any hour, and TIS National [131 450](tel:131450) for a free interpreter.',
    ].join('\n'),
  },
  /** First in every answer to a person in crisis, whatever else they asked. */
  crisis: [
    '**If you are in danger right now, call [000](tel:000).** You are not alone, and these services are free and confidential:',
    '',
    '- Lifeline, 24/7 crisis support: [13 11 14](tel:131114)',
    '- 1800RESPECT, domestic, family and sexual violence: [1800 737 732](tel:1800737732)',
    '- TIS National, a free interpreter: [131 450](tel:131450)',
  ].join('\n'),
  /** Last in every answer about a visa or the law. */
  notAdvice:
    '_This is general information, not migration or legal advice. For advice about your own situation, talk to a registered migration agent ([find one on the official register]({{registerUrl}})) or a free legal service._',
  /** The answer's language as a model's instructions name it; they are in English whatever the reader's language. */
  answerLanguage: 'English',
};
