import type { ReactNode } from 'react';

/** Labelled inputs of the booking form: every control has a <label>, its error tied with aria-describedby. */

export const fieldId = (name: string) => `booking-${name}`;
export const errorId = (name: string) => `booking-${name}-error`;
const hintId = (name: string) => `booking-${name}-hint`;

function describedBy(name: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? hintId(name) : '', error ? errorId(name) : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

interface FieldShellProps {
  name: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

function FieldShell({ name, label, required, error, hint, className, children }: FieldShellProps) {
  return (
    <div
      className={`pub-field${error ? ' pub-field--invalid' : ''}${className ? ` ${className}` : ''}`}
    >
      <label className="pub-label" htmlFor={fieldId(name)}>
        {label}
        {required && (
          <span className="pub-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p className="pub-hint" id={hintId(name)}>
          {hint}
        </p>
      )}
      <FieldError name={name} error={error} />
    </div>
  );
}

export function FieldError({ name, error }: { name: string; error?: string }) {
  if (!error) return null;
  return (
    <p className="pub-error" id={errorId(name)}>
      {error}
    </p>
  );
}

interface TextFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  type?: 'text' | 'tel';
  inputMode?: 'text' | 'tel' | 'numeric';
  autoComplete?: string;
  maxLength?: number;
  placeholder?: string;
}

export function TextField({
  name,
  label,
  value,
  onChange,
  onBlur,
  error,
  hint,
  required,
  className,
  ...input
}: TextFieldProps) {
  return (
    <FieldShell
      name={name}
      label={label}
      required={required}
      error={error}
      hint={hint}
      className={className}
    >
      <input
        id={fieldId(name)}
        name={name}
        className="pub-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
        {...input}
        type={input.type ?? 'text'}
      />
    </FieldShell>
  );
}

interface TextAreaFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  hint?: ReactNode;
  maxLength?: number;
  placeholder?: string;
  rows?: number;
}

export function TextAreaField({
  name,
  label,
  value,
  onChange,
  onBlur,
  error,
  hint,
  ...area
}: TextAreaFieldProps) {
  return (
    <FieldShell name={name} label={label} error={error} hint={hint}>
      <textarea
        id={fieldId(name)}
        name={name}
        className="pub-input pub-textarea"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
        {...area}
      />
    </FieldShell>
  );
}

interface SelectFieldProps {
  name: string;
  label: string;
  value: string;
  options: readonly string[];
  placeholder: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
  autoComplete?: string;
}

export function SelectField({
  name,
  label,
  value,
  options,
  placeholder,
  onChange,
  onBlur,
  error,
  required,
  disabled,
  className,
  autoComplete,
}: SelectFieldProps) {
  return (
    <FieldShell name={name} label={label} required={required} error={error} className={className}>
      <select
        id={fieldId(name)}
        name={name}
        className="pub-input pub-select"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        disabled={disabled}
        autoComplete={autoComplete}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
