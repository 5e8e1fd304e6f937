import { useId, useState, type ReactNode } from 'react';
import { australianToday } from '../../../shared/australian-date';
import { AUS_STATES, GOVERNMENT_CATEGORIES, LOCAL_CATEGORIES } from '../../../shared/directory';
import type { GovernmentService, Organisation } from '../../../shared/schemas/resources';
import { Button } from '../../components/ui/button';
import { Field, inputClasses, TextAreaField } from '../../components/ui/field';
import { useTranslation } from '../../lib/i18n';
import { bilingualLines, languageLines } from './directory-form';

/** The directory editor's fields: an organisation's, a government service's, and the review date. */

/** A native select that keeps its own value (the form reads it when saved). */
function Choice({
  label,
  name,
  defaultValue,
  options,
}: {
  label: string;
  name: string;
  defaultValue: string;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue} className={inputClasses}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function Pair({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 md:grid-cols-2">{children}</div>;
}

/** A description in both languages, each required. */
function Description({ value }: { value?: { en: string; vi: string } }) {
  const { t } = useTranslation();
  return (
    <Pair>
      <TextAreaField
        label={t('directory.admin.descriptionEn')}
        name="descriptionEn"
        defaultValue={value?.en}
        required
      />
      <TextAreaField
        label={t('directory.admin.descriptionVi')}
        name="descriptionVi"
        defaultValue={value?.vi}
        lang="vi"
        required
      />
    </Pair>
  );
}

/** Opening hours in both languages, as free text; both empty when none are known. */
function Hours({ value }: { value?: { en: string; vi: string } }) {
  const { t } = useTranslation();
  return (
    <Pair>
      <Field label={t('directory.admin.hoursEn')} name="hoursEn" defaultValue={value?.en} />
      <Field label={t('directory.admin.hoursVi')} name="hoursVi" defaultValue={value?.vi} lang="vi" />
    </Pair>
  );
}

/** The review date, with "Checked today" for an admin who has just confirmed every fact with the source. */
export function ReviewDate({ defaultValue }: { defaultValue: string }) {
  const { t } = useTranslation();
  const [day, setDay] = useState(defaultValue);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Field
        className="min-w-48 flex-1"
        type="date"
        name="lastReviewed"
        label={t('directory.admin.lastReviewed')}
        value={day}
        onChange={(event) => setDay(event.target.value)}
        max={australianToday()}
        required
      />
      <Button
        variant="secondary"
        title={t('directory.admin.checkedTodayHint')}
        onClick={() => setDay(australianToday())}
      >
        {t('directory.admin.checkedToday')}
      </Button>
    </div>
  );
}

export function OrganisationFields({ entry }: { entry?: Organisation }) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t('directory.admin.entryName')} name="name" defaultValue={entry?.name} required />
      <Pair>
        <Choice
          label={t('directory.admin.category')}
          name="category"
          defaultValue={entry?.category ?? 'community'}
          options={LOCAL_CATEGORIES.map((c) => ({ value: c, label: t(`help.categories.${c}`) }))}
        />
        <Field label={t('directory.admin.phone')} name="phone" defaultValue={entry?.phone} inputMode="tel" />
      </Pair>
      <Description value={entry?.description} />
      <Field label={t('directory.admin.address')} name="address" defaultValue={entry?.address} required />
      <div className="grid gap-4 md:grid-cols-3">
        <Field label={t('directory.admin.suburb')} name="suburb" defaultValue={entry?.suburb} required />
        <Choice
          label={t('directory.admin.state')}
          name="state"
          defaultValue={entry?.state ?? 'NSW'}
          options={AUS_STATES.map((s) => ({ value: s, label: t(`help.states.${s}`) }))}
        />
        <Field
          label={t('directory.admin.postcode')}
          name="postcode"
          defaultValue={entry?.postcode}
          inputMode="numeric"
          maxLength={4}
          required
        />
      </div>
      <Field label={t('directory.admin.website')} name="website" type="url" defaultValue={entry?.website} />
      <Hours value={entry?.hours} />
      <TextAreaField
        label={t('directory.admin.services')}
        hint={t('directory.admin.linesHint')}
        name="services"
        defaultValue={bilingualLines(entry?.services)}
      />
      <TextAreaField
        label={t('directory.admin.languages')}
        hint={t('directory.admin.languagesHint')}
        name="languages"
        defaultValue={languageLines(entry?.supportedLanguages)}
      />
    </>
  );
}

export function GovernmentFields({ entry }: { entry?: GovernmentService }) {
  const { t } = useTranslation();
  return (
    <>
      <Pair>
        <Field label={t('directory.admin.titleEn')} name="titleEn" defaultValue={entry?.title.en} required />
        <Field
          label={t('directory.admin.titleVi')}
          name="titleVi"
          defaultValue={entry?.title.vi}
          lang="vi"
          required
        />
      </Pair>
      <Pair>
        <Field
          label={t('directory.admin.department')}
          name="department"
          defaultValue={entry?.department}
          required
        />
        <Choice
          label={t('directory.admin.category')}
          name="category"
          defaultValue={entry?.category ?? 'immigration'}
          options={GOVERNMENT_CATEGORIES.map((c) => ({ value: c, label: t(`help.categories.${c}`) }))}
        />
      </Pair>
      <Description value={entry?.description} />
      <Pair>
        <Choice
          label={t('directory.admin.state')}
          name="state"
          defaultValue={entry?.location.state ?? 'national'}
          options={[
            { value: 'national', label: t('directory.admin.national') },
            ...AUS_STATES.map((s) => ({ value: s, label: t(`help.states.${s}`) })),
          ]}
        />
        <Field label={t('directory.admin.city')} name="city" defaultValue={entry?.location.city} />
      </Pair>
      <div className="grid gap-4 md:grid-cols-3">
        <Field
          label={t('directory.admin.phone')}
          name="phone"
          defaultValue={entry?.contactInfo.phone}
          inputMode="tel"
        />
        <Field
          label={t('directory.admin.email')}
          name="email"
          type="email"
          defaultValue={entry?.contactInfo.email}
        />
        <Field
          label={t('directory.admin.website')}
          name="website"
          type="url"
          defaultValue={entry?.contactInfo.website}
        />
      </div>
      <Hours value={entry?.operatingHours} />
      <TextAreaField
        label={t('directory.admin.eligibility')}
        hint={t('directory.admin.linesHint')}
        name="eligibility"
        defaultValue={bilingualLines(entry?.eligibility)}
      />
      <TextAreaField
        label={t('directory.admin.languages')}
        hint={t('directory.admin.languagesHint')}
        name="languages"
        defaultValue={languageLines(entry?.languages)}
        required
      />
    </>
  );
}
