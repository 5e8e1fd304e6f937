import type { Locale } from '../../../shared/constants';
import { formatNumber } from '../../lib/format';
import { useTranslation, type TFunction } from '../../lib/i18n';

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** A wait in the unit that reads best: minutes under an hour, hours under two days, then days. */
export function formatWait(minutes: number, t: TFunction, locale: Locale): string {
  const whole = Math.round(minutes);
  if (whole < 60) return t('admin.waiting.minutes', { count: whole, value: formatNumber(whole, locale) });
  const hours = oneDecimal(minutes / 60);
  if (hours < 48) return t('admin.waiting.hours', { count: hours, value: formatNumber(hours, locale) });
  const days = oneDecimal(minutes / 60 / 24);
  return t('admin.waiting.days', { count: days, value: formatNumber(days, locale) });
}

/** The chart's figure: hours, with a decimal while they are few. */
export function chartHours(minutes: number): number {
  const hours = minutes / 60;
  return hours < 10 ? oneDecimal(hours) : Math.round(hours);
}

export function formatShare(share: number, t: TFunction, locale: Locale): string {
  return t('admin.waiting.percent', { value: formatNumber(Math.round(share * 100), locale) });
}

/** A figure there is none of yet: a dash to the eye, words to a screen reader. */
export function NoFigure() {
  const { t } = useTranslation();
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{t('admin.waiting.noFigure')}</span>
    </>
  );
}
