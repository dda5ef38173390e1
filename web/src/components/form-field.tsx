import type {
  ChangeEvent,
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';

/**
 * Labelled form controls for every form, public or staff: the <label> points at the control, the
 * hint and the error are tied to it with aria-describedby, and aria-invalid follows the error.
 * Plain React on purpose: the public booking form uses them too.
 */

/** Class names of a field's parts: each form keeps its own look. */
export interface FieldLook {
  field: string;
  invalid?: string;
  label?: string;
  /** Without it the required mark is not shown; aria-required still says so. */
  required?: string;
  hint?: string;
  error: string;
  input?: string;
  select?: string;
  textarea?: string;
}

/** app.css styles these. */
export const STAFF_FIELD_LOOK: FieldLook = { field: 'field', error: 'field-error' };

/** The staff look with the required mark ('Service Performed *'): the back office's forms. */
export const STAFF_FORM_LOOK: FieldLook = {
  ...STAFF_FIELD_LOOK,
  required: 'field-required',
  hint: 'field-hint',
};

/** public.css styles these: the pub- prefix keeps the public pages apart from the staff styles. */
export const PUBLIC_FIELD_LOOK: FieldLook = {
  field: 'pub-field',
  invalid: 'pub-field--invalid',
  label: 'pub-label',
  required: 'pub-required',
  hint: 'pub-hint',
  error: 'pub-error',
  input: 'pub-input',
  select: 'pub-input pub-select',
  textarea: 'pub-input pub-textarea',
};

export const fieldHintId = (id: string) => `${id}-hint`;
export const fieldErrorId = (id: string) => `${id}-error`;

/** What every field takes besides its control's own attributes. */
export interface FieldProps {
  /** The control's id; the hint and the error take `<id>-hint` and `<id>-error`. */
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Sets aria-required and shows the look's required mark. */
  required?: boolean;
  /** Added to the wrapper's classes. */
  className?: string;
  look?: FieldLook;
}

/** The control holds a string; onChange receives the new value, not the event. */
interface ValueProps {
  value: string;
  onChange: (value: string) => void;
}

type ControlAttributes<A> = Omit<A, keyof FieldProps | keyof ValueProps | 'children'>;

export type TextFieldProps = FieldProps &
  ValueProps &
  ControlAttributes<InputHTMLAttributes<HTMLInputElement>>;
export type TextAreaFieldProps = FieldProps &
  ValueProps &
  ControlAttributes<TextareaHTMLAttributes<HTMLTextAreaElement>>;
/** An option whose value and label differ, or that cannot be chosen (out of stock). */
export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export type SelectFieldProps = FieldProps &
  ValueProps &
  ControlAttributes<SelectHTMLAttributes<HTMLSelectElement>> & {
    /** A string is both the value and the label. */
    options: readonly (string | SelectOption)[];
    /** The first, empty option. */
    placeholder: string;
  };

export function TextField(props: TextFieldProps) {
  const { shell, control } = splitField(props);
  return (
    <FieldShell {...shell}>
      <input className={shell.look.input} {...control} type={control.type ?? 'text'} />
    </FieldShell>
  );
}

export function TextAreaField(props: TextAreaFieldProps) {
  const { shell, control } = splitField(props);
  return (
    <FieldShell {...shell}>
      <textarea className={shell.look.textarea} {...control} />
    </FieldShell>
  );
}

export function SelectField({ options, placeholder, ...props }: SelectFieldProps) {
  const { shell, control } = splitField(props);
  return (
    <FieldShell {...shell}>
      <select className={shell.look.select} {...control}>
        <option value="">{placeholder}</option>
        {options.map((option) => {
          const { value, label, disabled } =
            typeof option === 'string' ? { value: option, label: option, disabled: false } : option;
          return (
            <option key={value} value={value} disabled={disabled}>
              {label}
            </option>
          );
        })}
      </select>
    </FieldShell>
  );
}

interface FieldErrorProps {
  /** The id of the control the error belongs to. */
  id: string;
  error?: string;
  look?: FieldLook;
}

/** An error of its own, for a control without the shell (a checkbox, a group of buttons). */
export function FieldError({ id, error, look = STAFF_FIELD_LOOK }: FieldErrorProps) {
  if (!error) return null;
  return (
    <p className={look.error} id={fieldErrorId(id)}>
      {error}
    </p>
  );
}

/**
 * Splits a field's props once: the shell's (label, hint, error, look), and the control's own
 * attributes with the id, the aria wiring and the value, so each control lists only its element.
 */
function splitField<P extends FieldProps & ValueProps>(props: P) {
  const { id, label, error, hint, required, className, look, value, onChange, ...own } = props;
  const describedBy = [hint ? fieldHintId(id) : '', error ? fieldErrorId(id) : ''].filter(Boolean);
  return {
    shell: { id, label, error, hint, required, className, look: look ?? STAFF_FIELD_LOOK },
    control: {
      id,
      'aria-required': required || undefined,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy.length ? describedBy.join(' ') : undefined,
      value,
      onChange: (e: ChangeEvent<{ value: string }>) => onChange(e.target.value),
      ...own,
    },
  };
}

function FieldShell({
  id,
  label,
  error,
  hint,
  required,
  className,
  look,
  children,
}: FieldProps & { look: FieldLook; children: ReactNode }) {
  const classes = [look.field, error ? look.invalid : '', className].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <label className={look.label} htmlFor={id}>
        {label}
        {required && look.required && (
          <span className={look.required} aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p className={look.hint} id={fieldHintId(id)}>
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} look={look} />
    </div>
  );
}
