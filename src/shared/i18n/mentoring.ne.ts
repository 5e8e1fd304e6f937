import type { mentoringEn } from './mentoring.en';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** Nepali texts of "Waiting for you" (mentoring.en.ts). */
export const mentoringNe: Texts<typeof mentoringEn> = {
  title: 'तपाईंलाई पर्खिरहेका प्रश्नहरू',
  lead: 'अहिलेसम्म कुनै मानिसले उत्तर नदिएका प्रश्नहरू। पहिले SOS प्रश्नहरू, त्यसपछि तपाईंका विषय र भाषाका प्रश्नहरू, अनि सबैभन्दा पुराना प्रश्नहरू।',
  total_one: '{{count}} प्रश्न पर्खिरहेको छ',
  total_other: '{{count}} प्रश्नहरू पर्खिरहेका छन्',
  totalAtLeast: '{{count}} वा सोभन्दा बढी प्रश्नहरू पर्खिरहेका छन्',
  sos: 'SOS',
  matches: 'तपाईंको विषय र भाषा',
  noTopic: 'विषय छैन',
  waited: {
    minutes_one: '{{count}} मिनेटदेखि पर्खिरहेको',
    minutes_other: '{{count}} मिनेटदेखि पर्खिरहेका',
    hours_one: '{{count}} घण्टादेखि पर्खिरहेको',
    hours_other: '{{count}} घण्टादेखि पर्खिरहेका',
    days_one: '{{count}} दिनदेखि पर्खिरहेको',
    days_other: '{{count}} दिनदेखि पर्खिरहेका',
  },
  empty: 'अहिले कुनै प्रश्न पर्खिरहेको छैन',
  emptyText: 'हरेक प्रश्नमा कुनै मानिसको उत्तर छ। सहयोग गर्नुभएकोमा धन्यवाद।',
  loadFailed: 'पर्खिरहेका प्रश्नहरू लोड गर्न सकिएन।',
  showMore: 'थप देखाउनुहोस्',
  loadingMore: 'लोड हुँदैछ…',
  notMentorTitle: 'यो पेज प्रमाणित मेन्टरहरूका लागि हो',
  notMentorText:
    'मेन्टरहरूले यहाँ अझै मानिसको उत्तर पर्खिरहेका प्रश्नहरू देख्नुहुन्छ। तपाईंले मेन्टर बन्न आवेदन दिनुभएको छ भने, एडमिनले तपाईंको प्रोफाइल प्रमाणित गरेपछि यो पेज खुल्छ।',
  waitingEmail: 'मेरा विषयहरूमा पर्खिरहेका प्रश्नहरूको दैनिक इमेल',
  waitingEmailHint: 'दिनमा बढीमा एक पटक, र तपाईंका विषय र भाषाको कुनै प्रश्नमा मानिसको उत्तर नभएको बेला मात्र।',
};
