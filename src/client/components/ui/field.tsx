import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export const inputClasses =
  'block h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600 aria-[invalid=true]:border-red-700';

type Labelled = { label: string; hint?: ReactNode; error?: string; id?: string; className?: string };

/**
 * A control's label, hint and error, wired together for screen readers: `control` gets the id and the
 * aria attributes to spread on the input or text area.
 */
function LabelledControl({
  label,
  hint,
  error,
  id,
  className,
  control,
}: Labelled & {
  control: (aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {control({
        id: inputId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
      })}
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input with an optional hint and error. */
export function Field({
  label,
  hint,
  error,
  className,
  id,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & Labelled) {
  return (
    <LabelledControl
      {...{ label, hint, error, className, id }}
      control={(aria) => <input className={inputClasses} {...aria} {...props} />}
    />
  );
}

/** A labelled text area with an optional hint and error. */
export function TextAreaField({
  label,
  hint,
  error,
  className,
  id,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & Labelled) {
  return (
    <LabelledControl
      {...{ label, hint, error, className, id }}
      control={(aria) => (
        <textarea
          className="block min-h-28 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600 aria-[invalid=true]:border-red-700"
          {...aria}
          {...props}
        />
      )}
    />
  );
}

/** A labelled native select (the most usable control on phones and with screen readers). */
export function SelectField({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={inputClasses}
      >
        {children}
      </select>
    </div>
  );
}

/**
 * A new password and its confirmation (sign-up, a reset, the profile), with the sign-up rules as the hint. The
 * inputs are named `name` and `confirmPassword`.
 */
export function NewPasswordFields({
  label,
  confirmLabel,
  hint,
  name = 'password',
  error,
  confirmError,
}: {
  label: string;
  confirmLabel: string;
  hint: string;
  name?: string;
  error?: string;
  confirmError?: string;
}) {
  return (
    <>
      <Field
        label={label}
        name={name}
        type="password"
        autoComplete="new-password"
        required
        hint={hint}
        error={error}
      />
      <Field
        label={confirmLabel}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        error={confirmError}
      />
    </>
  );
}
