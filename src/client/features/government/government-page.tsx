import '../../lib/page-texts';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import type { ServiceStatusItem } from '../../../shared/schemas/government';
import { Page } from '../../components/page';
import { Card, Skeleton } from '../../components/ui/card';
import { api } from '../../lib/api';
import { cn } from '../../lib/cn';
import { relativeTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';

const STATUS_REFRESH_MS = 5 * 60_000;
const DOTS: Record<ServiceStatusItem['status'], string> = {
  operational: 'bg-green-600',
  degraded: 'bg-yellow-500',
  outage: 'bg-red-600',
  unknown: 'bg-slate-400',
};

function StatusPanel() {
  const { t, locale } = useTranslation();
  const status = useQuery({
    queryKey: ['government', 'status'],
    queryFn: () => api<{ services: ServiceStatusItem[] }>('/api/government/status'),
    refetchInterval: STATUS_REFRESH_MS,
    staleTime: STATUS_REFRESH_MS,
  });
  return (
    <Card>
      <h2 className="text-xl font-semibold text-slate-900">{t('government.statusTitle')}</h2>
      <p className="mt-1 text-slate-700">{t('government.statusText')}</p>
      {status.isError && (
        <p role="alert" className="mt-3 text-red-800">
          {t('government.statusError')}
        </p>
      )}
      {status.isPending && <Skeleton className="mt-4 h-40 w-full" />}
      {status.data && (
        <ul className="mt-4 divide-y divide-slate-100">
          {status.data.services.map((service) => (
            <li key={service.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <a
                href={service.url}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-brand-700 underline"
              >
                {service.name}
                <ExternalLink aria-hidden="true" className="ml-1 inline h-4 w-4" />
                <span className="sr-only"> {t('nav.opensInNewTab')}</span>
              </a>
              <span className="flex items-center gap-2 text-sm text-slate-800">
                <span aria-hidden="true" className={cn('h-3 w-3 rounded-full', DOTS[service.status])} />
                {t(`government.${service.status}`)}
                <span className="text-slate-600">
                  ·{' '}
                  {service.lastChecked
                    ? t('government.lastChecked', {
                        time: relativeTime(service.lastChecked, locale, t('time.justNow')),
                      })
                    : t('government.notChecked')}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function GovernmentPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('frames.governmentTitle')} lead={t('frames.governmentText')}>
      <StatusPanel />
    </Page>
  );
}
