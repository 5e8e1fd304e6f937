import type { followsEn, followsPagesEn, followsServerEn } from './follows.en';

type Texts<T> = { [K in keyof T]: string };

/** Nepali texts of following a topic (follows.en.ts). */
export const followsNe: Texts<typeof followsEn> = {
  follow: 'यो विषय फलो गर्नुहोस्',
  following: 'फलो गर्दै',
  failed: 'तपाईंले फलो गर्ने विषयहरू परिवर्तन गर्न सकिएन।',
};

export const followsPagesNe: Texts<typeof followsPagesEn> = {
  title: 'मैले फलो गरेका विषयहरू',
  text: 'तपाईंले फलो गरेको विषयमा हरेक नयाँ प्रश्न आउँदा घण्टीले तपाईंलाई बताउँछ। सूचना सेटिङमा यिनका लागि इमेल खोल्नुभयो भने, ती इमेलहरू दिनमा एक पटक सँगै आउँछन्।',
  mentorText: 'मेन्टरका रूपमा, तपाईंले यहाँ टिक नहटाएसम्म आफ्ना विषयहरू आफैं फलो गर्नुहुन्छ।',
  loadFailed: 'तपाईंले फलो गरेका विषयहरू लोड गर्न सकिएन।',
};

export const followsServerNe: Texts<typeof followsServerEn> = {
  topicNotFound: 'यो विषय अवस्थित छैन।',
};
