import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { User } from '@cincy/contracts';
import { fieldErrorsOf } from '../../api/request';
import { Dialog } from '../../components/dialog';
import { STAFF_FORM_LOOK, SelectField, TextField } from '../../components/form-field';
import { toast } from '../../components/toast';
import { useCreateUser } from '../../hooks/use-create-user';
import { useUpdateUser } from '../../hooks/use-update-user';
import { knownFieldErrors } from '../../lib/field-errors';
import {
  CREATE_USER_FIELDS,
  EDIT_USER_FIELDS,
  EMPTY_CREATE_USER_FORM,
  PASSWORD_HINT,
  ROLE_OPTIONS,
  buildCreateUserBody,
  buildUpdateUserBody,
  editUserForm,
  validateCreateUser,
  validateEditUser,
  type CreateUserField,
  type CreateUserForm,
  type EditUserField,
  type EditUserForm,
  type UserFormErrors,
} from './user-form.util';
import {
  USER_CREATED_TOAST,
  USER_UPDATED_TOAST,
  userCreateFailedToast,
  userUpdateFailedToast,
} from './user-toasts.util';

type AnyField = CreateUserField | EditUserField;

/** One form's values, errors and the focus on the first error after a refused submit. */
function useUserForm<F extends Record<AnyField, string>>(initial: F) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<UserFormErrors<AnyField>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const focusError = useRef(false);

  useEffect(() => {
    if (!focusError.current) return;
    focusError.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const showErrors = (next: UserFormErrors<AnyField>) => {
    focusError.current = Object.keys(next).length > 0;
    setErrors(next);
  };
  const field = (name: AnyField, id: string) => ({
    id,
    value: form[name],
    onChange: (value: string) => {
      setForm((current) => ({ ...current, [name]: value }));
      setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
    },
    error: errors[name],
    look: STAFF_FORM_LOOK,
  });
  return { form, formRef, field, showErrors };
}

interface ShellProps {
  title: string;
  description?: string;
  saving: boolean;
  submitLabel: string;
  formRef: React.RefObject<HTMLFormElement | null>;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  children: ReactNode;
}

function UserFormDialog({
  title,
  description,
  saving,
  submitLabel,
  formRef,
  onSubmit,
  onClose,
  children,
}: ShellProps) {
  return (
    <Dialog
      title={title}
      description={description}
      onClose={onClose}
      dismissible={!saving}
      closeOnBackdrop={false}
      className="dialog-md"
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-busy={saving}>
        <div className="dialog-body">{children}</div>
        <div className="dialog-footer">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving...' : submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** 'Create New User': the password typed twice; a technician unless the admin says otherwise. */
export function CreateUserDialog({ onClose }: { onClose: () => void }) {
  const { form, formRef, field, showErrors } = useUserForm<CreateUserForm>(EMPTY_CREATE_USER_FORM);
  const create = useCreateUser();
  const saving = create.isPending;

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (saving) return;
    const refused = validateCreateUser(form);
    showErrors(refused);
    if (Object.keys(refused).length > 0) return;
    create.mutate(buildCreateUserBody(form), {
      onSuccess: () => {
        toast(USER_CREATED_TOAST);
        onClose();
      },
      onError: (error) => {
        console.warn('Creating the user failed', error);
        toast(userCreateFailedToast(error));
        showErrors(knownFieldErrors(fieldErrorsOf(error), CREATE_USER_FIELDS));
      },
    });
  };

  return (
    <UserFormDialog
      title="Create New User"
      description="A login for a technician or an admin."
      saving={saving}
      submitLabel="Create User"
      formRef={formRef}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TextField
        {...field('name', 'new-user-name')}
        label="Full Name"
        required
        autoComplete="off"
      />
      <TextField
        {...field('username', 'new-user-username')}
        label="Username"
        required
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
      />
      <div className="field-row">
        <TextField
          {...field('password', 'new-user-password')}
          label="Password"
          type="password"
          required
          autoComplete="new-password"
          hint={PASSWORD_HINT}
        />
        <TextField
          {...field('confirmPassword', 'new-user-confirm-password')}
          label="Confirm Password"
          type="password"
          required
          autoComplete="new-password"
        />
      </div>
      <div className="field-row">
        <SelectField
          {...field('role', 'new-user-role')}
          label="Role"
          required
          options={ROLE_OPTIONS}
          placeholder="Select role"
        />
        <TextField
          {...field('employeeId', 'new-user-employee-id')}
          label="Employee ID"
          autoComplete="off"
          hint="Optional."
        />
      </div>
    </UserFormDialog>
  );
}

/** 'Edit User': a blank password keeps the current one. */
export function EditUserDialog({
  user,
  isSelf,
  onClose,
}: {
  user: User;
  /** The signed-in admin edits their own account: a new password or role signs them out. */
  isSelf: boolean;
  onClose: () => void;
}) {
  const { form, formRef, field, showErrors } = useUserForm<EditUserForm>(editUserForm(user));
  const update = useUpdateUser();
  const saving = update.isPending;

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (saving) return;
    const refused = validateEditUser(form);
    showErrors(refused);
    if (Object.keys(refused).length > 0) return;
    update.mutate(
      { id: user.id, body: buildUpdateUserBody(form) },
      {
        onSuccess: () => {
          toast(USER_UPDATED_TOAST);
          onClose();
        },
        onError: (error) => {
          console.warn('Updating the user failed', error);
          toast(userUpdateFailedToast(error));
          showErrors(knownFieldErrors(fieldErrorsOf(error), EDIT_USER_FIELDS));
        },
      },
    );
  };

  return (
    <UserFormDialog
      title="Edit User"
      description={user.name}
      saving={saving}
      submitLabel="Save Changes"
      formRef={formRef}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TextField
        {...field('username', 'edit-user-username')}
        label="Username"
        required
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
      />
      <TextField
        {...field('name', 'edit-user-name')}
        label="Full Name"
        required
        autoComplete="off"
      />
      <div className="field-row">
        <SelectField
          {...field('role', 'edit-user-role')}
          label="Role"
          required
          options={ROLE_OPTIONS}
          placeholder="Select role"
        />
        <TextField
          {...field('employeeId', 'edit-user-employee-id')}
          label="Employee ID"
          autoComplete="off"
          hint="Optional."
        />
      </div>
      <fieldset className="fieldset">
        <legend>Change password</legend>
        <p className="field-hint">
          Leave both empty to keep the current password. {PASSWORD_HINT}
          {isSelf && ' A new password or role signs you out on every device.'}
        </p>
        <div className="field-row">
          <TextField
            {...field('password', 'edit-user-password')}
            label="New Password"
            type="password"
            autoComplete="new-password"
          />
          <TextField
            {...field('confirmPassword', 'edit-user-confirm-password')}
            label="Confirm New Password"
            type="password"
            autoComplete="new-password"
          />
        </div>
      </fieldset>
    </UserFormDialog>
  );
}
