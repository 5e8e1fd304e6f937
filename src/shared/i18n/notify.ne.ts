import type { notifyEn } from './notify.en';

/** The bell's sentences in Nepali (notify.en.ts). */
export const notifyNe: typeof notifyEn = {
  someone: 'कोही',
  replyToMine: '{{name}} ले तपाईंको प्रश्न “{{title}}” मा जवाफ दिनुभयो',
  chloeReplyToMine: 'Chloe ले तपाईंको प्रश्न “{{title}}” मा जवाफ दिइन्',
  replyToFollowed: '{{name}} ले तपाईंले फलो गरेको प्रश्न “{{title}}” मा जवाफ दिनुभयो',
  chloeReplyToFollowed: 'Chloe ले तपाईंले फलो गरेको प्रश्न “{{title}}” मा जवाफ दिइन्',
  askerReplyToFollowed: 'प्रश्न सोध्ने व्यक्तिले तपाईंले फलो गरेको प्रश्न “{{title}}” मा जवाफ दिनुभयो',
  newConversation: '{{name}} ले तपाईंसँग कुराकानी सुरु गर्नुभयो: “{{title}}”',
  conversationClosed:
    '{{name}} सँगको तपाईंको कुराकानी “{{title}}” बन्द भएको छ: {{name}} अब मेन्टर हुनुहुन्न। तपाईं अर्को मेन्टर छान्न सक्नुहुन्छ।',
  chatMessage_one: '“{{title}}” मा {{name}} बाट नयाँ सन्देश',
  chatMessage_other: '“{{title}}” मा {{name}} बाट {{count}} नयाँ सन्देशहरू',
  mentorVerified: 'तपाईंको मेन्टर आवेदन स्वीकृत भयो: अब विद्यार्थीहरूले च्याटका लागि तपाईंलाई छान्न सक्नुहुन्छ।',
  mentorDeclined: 'तपाईंको मेन्टर आवेदन अस्वीकृत भयो। कारण: {{reason}}',
  questionRemoved: 'एक जना मोडरेटरले तपाईंको प्रश्न “{{title}}” हटाउनुभयो',
  replyRemoved: 'एक जना मोडरेटरले तपाईंको जवाफ “{{title}}” हटाउनुभयो',
  newReports: 'नयाँ रिपोर्टहरू जाँचको पर्खाइमा छन्।',
  topicQuestion: 'तपाईंले फलो गरेको विषयमा नयाँ प्रश्न: “{{title}}”',
  conversationReminder: '{{name}} ले “{{title}}” मा तपाईंको पहिलो जवाफका लागि दुई दिनदेखि पर्खिरहनुभएको छ',
  conversationNoReply:
    '{{name}} सँगको तपाईंको कुराकानी “{{title}}” बन्द भएको छ: 7 दिनभित्र कुनै जवाफ आएन। तपाईं अर्को मेन्टर छान्न सक्नुहुन्छ।',
  targets: {
    mentorApplication: 'तपाईंको मेन्टर आवेदन',
    reports: 'रिपोर्टहरू',
  },
};
