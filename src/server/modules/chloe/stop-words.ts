import { plain } from '../../lib/text';

/** PostgreSQL's English stop words (tsearch_data/english.stop). */
export const POSTGRES_STOP_WORDS = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself ' +
    'it its itself they them their theirs themselves what which who whom this that these those am is are was were ' +
    'be been being have has had having do does did doing a an the and but if or because as until while of at by for ' +
    'with about against between into through during before after above below to from up down in out on off over ' +
    'under again further then once here there when where why how all any both each few more most other some such no ' +
    'nor not only own same so than too very s t can will just don should now'
  ).split(' '),
);
/** Those and the words of a question that say nothing of its topic ("need", "please", "allowed", "doesn't"). */
export const ENGLISH_STOP = new Set([
  ...POSTGRES_STOP_WORDS,
  ...(
    'could would since get got im ive id dont need want please help hi hello thanks thank much many like know also ' +
    'yes us one really still even go going currently recently anyone someone doesnt didnt cant wont isnt arent ' +
    'wasnt havent hasnt wouldnt couldnt shouldnt youre theyre thats whats allowed support'
  ).split(' '),
]);
export const VIETNAMESE_STOP = new Set(
  (
    'tôi bạn là của và có không được cho ở một những các thế nào gì làm cần thì này đó để với khi về trong nếu ' +
    'hay như đi đến đã sẽ đang mình em anh chị ơi nhé vậy sao phải muốn biết giúp xin chào cảm ơn hỏi ai mà rồi ' +
    'thể bị ạ à nhỉ nha luôn lại rất cũng vì nên còn ra vào lên đây kia ấy họ chúng ta tớ cậu mọi người việc'
  ).split(' '),
);
export const PLAIN_STOP = new Set([...VIETNAMESE_STOP].map(plain));
/**
 * Chinese characters that say nothing of a topic on their own (particles, pronouns, "how", "can"): left out as single
 * characters, kept inside pairs (怎么 "how" pairs with nothing useful, 可以 neither, but 的 stays out of 我的).
 */
export const CHINESE_STOP = new Set([
  ...'的了是我你他她它们在有吗呢吧啊呀哦和与或就都也还又要会能可以这那个些怎么么什吗请问一下想知道应该该如何为谁哪里去来到对把被给让从向跟很太更最好没不',
]);
/** Nepali words that say nothing of a topic: pronouns, auxiliaries, question words, conjunctions, particles. */
export const NEPALI_STOP = new Set(
  (
    'म मेरो मेरा मेरी मलाई हामी हाम्रो तपाईं तपाईको तपाईंको तिमी उ उनी उहाँ यो त्यो यी ती यस त्यस के कसरी कहाँ ' +
    'कति कुन किन कहिले को कसको र पनि अनि तर वा या भने कि नै त नि है न ना छ छन् छु छैन हो होइन हुन् हुन्छ हुन्छन् ' +
    'हुँ थियो थिए भयो भएको भए गर्न गर्ने गरेर गरी गर्छु गर्नु गर्नुहोस् सक्छु सक्छ सकिन्छ पर्छ चाहिन्छ ' +
    'लागि बारे बारेमा जस्तै अहिले एक एउटा धेरै थोरै कृपया नमस्ते धन्यवाद'
  ).split(' '),
);
