import { useQueries } from '@tanstack/react-query';
import { ArrowLeft, BookmarkCheck } from 'lucide-react';
import type { Ref } from 'react';
import { LoadFailed } from '../../components/load-failed';
import { Button } from '../../components/ui/button';
import { Card, Skeleton } from '../../components/ui/card';
import { formatNumber } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { useMyList } from '../../lib/my-list';
import { organisationQuery, organisationMissing } from '../../data/resources';
import { ResourceCard } from './resource-card';

/** Opens My list: shown on the find-help page once something is saved. */
export function MyListButton({ onOpen }: { onOpen: () => void }) {
  const { t, locale } = useTranslation();
  const { list } = useMyList();
  if (list.length === 0) return null;
  return (
    <Button variant="secondary" onClick={onOpen}>
      <BookmarkCheck aria-hidden="true" className="h-5 w-5" />
      {t('directory.myList.open', { count: formatNumber(list.length, locale) })}
    </Button>
  );
}

/**
 * The organisations saved on this device, each as today's card in the reader's language (one call each, kept as
 * the organisation's own page keeps it). One no longer in the directory says so, by the name it was saved under.
 */
export function MyListView({
  onBack,
  headingRef,
}: {
  onBack: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { t, locale } = useTranslation();
  const myList = useMyList();
  const cards = useQueries({ queries: myList.list.map((saved) => organisationQuery(saved.id, locale)) });

  return (
    <section aria-labelledby="my-list-title" className="space-y-4">
      <Card>
        <h2
          id="my-list-title"
          ref={headingRef}
          tabIndex={-1}
          className="scroll-mt-40 text-xl font-semibold text-slate-900"
        >
          {t('directory.myList.title')}
        </h2>
        <p className="mt-1 text-slate-700">{t('directory.myList.text')}</p>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button variant="secondary" onClick={onBack}>
            <ArrowLeft aria-hidden="true" className="h-5 w-5" />
            {t('directory.myList.back')}
          </Button>
          {myList.list.length > 0 && (
            <Button variant="ghost" onClick={myList.clear}>
              {t('directory.myList.clear')}
            </Button>
          )}
        </div>
      </Card>
      {myList.list.length === 0 ? (
        <p className="text-slate-700">{t('directory.myList.empty')}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {myList.list.map((saved, index) => {
            const card = cards[index];
            const gone = organisationMissing(card?.error);
            return (
              <li key={saved.id} className="flex flex-col [&>*]:flex-1">
                {card?.data ? (
                  <ResourceCard resource={card.data} />
                ) : gone ? (
                  <Card className="space-y-3">
                    <p className="text-slate-800">{t('directory.myList.gone', { name: saved.name })}</p>
                    <Button variant="secondary" size="sm" onClick={() => myList.remove(saved.id)}>
                      {t('directory.myList.remove')}
                      <span className="sr-only">: {saved.name}</span>
                    </Button>
                  </Card>
                ) : card?.isError ? (
                  <LoadFailed text={t('resources.page.loadFailed')} onRetry={() => void card.refetch()} />
                ) : (
                  <Skeleton className="h-56 w-full rounded-xl" />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
