import type { chloeEn } from './chloe.en';

/** Chloe's own words in Nepali (chloe.en.ts). */
export const chloeNe: typeof chloeEn = {
  guide: {
    /** Under an article's points in a language it was translated into, or lacks. */
    translated: 'अङ्ग्रेजीबाट अनुवाद गरिएको। अनुवाद अन्तिम पटक {{date}} मा जाँच गरिएको।',
    onlyEnglish: 'यो लेख अहिलेसम्म अङ्ग्रेजीमा मात्र छ।',
    /** Under help that lists services described in English only. */
    servicesInEnglish:
      'माथिका केही सेवाहरूको विवरण अङ्ग्रेजीमा छ। निःशुल्क दोभाषेका लागि TIS National (सरकारी दोभाषे सेवा) लाई [131 450](tel:131450) मा फोन गर्नुहोस्।',
    greeting:
      'नमस्ते, म Chloe हुँ। अस्ट्रेलियामा पढाइ, काम, घर भाडा, स्वास्थ्य सेवा, पैसा वा सहायता सेवाहरूबारे मलाई आफ्नै भाषामा सोध्नुहोस्। म आधिकारिक जानकारीबाट उत्तर दिन्छु र त्यो जानकारी कहाँबाट आएको हो, देखाउँछु।',
    keyPoints: 'मुख्य कुराहरू',
    alsoUseful: 'यो पनि काम लाग्छ',
    getHelp: 'सहायता कहाँ पाउने',
    community: 'Mentor Me समुदायबाट',
    near: 'तपाईंको नजिकै',
    sources: 'स्रोतहरू',
    phone: 'फोन',
    notFound: [
      'म उत्तर दिन प्रयोग गर्ने आधिकारिक स्रोतहरूमा यसबारे जानकारी छैन, त्यसैले म अनुमान गर्दिनँ। तपाईं यसो गर्न सक्नुहुन्छ:',
      '',
      '- समुदायलाई सोध्नुहोस्: आफ्नो प्रश्न [समुदायका प्रश्नहरू](/) मा पोस्ट गर्नुहोस्, जहाँ साथी मेन्टर र विद्यार्थीहरूले उत्तर दिन्छन्;',
      '- एक जना [मेन्टर](/chat) सँग कुरा गर्नुहोस्;',
      '- आधिकारिक साइटहरू हेर्नुहोस्: [Department of Home Affairs (गृह मामिला विभाग)](https://immi.homeaffairs.gov.au/), [Services Australia (सरकारी सेवा निकाय)](https://www.servicesaustralia.gov.au/), [Study Australia (अस्ट्रेलियामा पढाइबारे सरकारी साइट)](https://www.studyaustralia.gov.au/)।',
      '',
      'अहिल्यै सहायता चाहिन्छ भने: आपतकालमा [000](tel:000), जुनसुकै बेला Lifeline [13 11 14](tel:131114), र निःशुल्क दोभाषेका लागि TIS National [131 450](tel:131450) मा फोन गर्नुहोस्।',
    ].join('\n'),
  },
  crisis: [
    '**तपाईं अहिले खतरामा हुनुहुन्छ भने [000](tel:000) मा फोन गर्नुहोस्।** तपाईं एक्लो हुनुहुन्न, र यी सेवाहरू निःशुल्क र गोप्य छन्:',
    '',
    '- Lifeline, 24/7 संकट सहायता: [13 11 14](tel:131114)',
    '- 1800RESPECT, घरेलु, पारिवारिक र यौन हिंसा: [1800 737 732](tel:1800737732)',
    '- TIS National, निःशुल्क दोभाषे: [131 450](tel:131450)',
  ].join('\n'),
  notAdvice:
    '_यो सामान्य जानकारी हो, माइग्रेसन वा कानुनी सल्लाह होइन। तपाईंको आफ्नै अवस्थाबारे सल्लाहका लागि दर्ता भएका माइग्रेसन एजेन्ट ([आधिकारिक दर्ता सूचीमा खोज्नुहोस्]({{registerUrl}})) वा निःशुल्क कानुनी सेवासँग कुरा गर्नुहोस्।_',
  // The instructions are in English, so they name Nepali in English.
  answerLanguage: 'Nepali',
};
