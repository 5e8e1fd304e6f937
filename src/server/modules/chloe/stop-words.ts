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
