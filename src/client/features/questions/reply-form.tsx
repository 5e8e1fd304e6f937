import { useState, type FormEvent } from 'react';
import { QUESTION_LIMITS } from '../../../shared/limits';
import { useSchemas } from '../../lib/schemas';
import { toastInvalid } from '../../components/invalid-input';
import { Button } from '../../components/ui/button';
import { TextAreaField } from '../../components/ui/field';
import { useLoginRequired } from '../../components/use-login-required';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { useReply } from '../../data/posts';
import { toast } from '../../lib/toast';

/** The reply form for members; visitors get a button that asks them to sign in. */
export function ReplyForm({ questionId }: { questionId: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const loginRequired = useLoginRequired();
  // A new key gives an empty form once the reply is posted.
  const [formKey, setFormKey] = useState(0);
  const reply = useReply({
    meta: { errorTitle: 'questions.replyFailed' },
    onSuccess: () => {
      toast({ title: t('questions.replyPosted') });
      setFormKey((key) => key + 1);
    },
  });
  const { preload, withSchemas } = useSchemas('questions');
  if (!user) {
    return (
      <Button onClick={() => loginRequired('questions.loginToReply')}>{t('questions.signInToReply')}</Button>
    );
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const content = new FormData(event.currentTarget).get('content');
    void withSchemas(({ createReplySchema }) => {
      const parsed = createReplySchema.safeParse({ content });
      if (!parsed.success) return toastInvalid('questions.replyFailed', parsed.error);
      reply.mutate({ questionId, input: parsed.data });
    });
  };
  return (
    <form key={formKey} onSubmit={onSubmit} onFocus={preload} className="space-y-3">
      <TextAreaField
        label={t('questions.replyLabel')}
        name="content"
        required
        maxLength={QUESTION_LIMITS.replyMax}
        rows={4}
        placeholder={t('questions.replyPlaceholder')}
      />
      <Button type="submit" disabled={reply.isPending}>
        {reply.isPending ? t('questions.postingReply') : t('questions.postReply')}
      </Button>
    </form>
  );
}
