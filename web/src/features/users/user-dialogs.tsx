import { Col, Form, Input, Row, Select, Typography } from 'antd';
import { createUserFormSchema, editUserFormSchema, type User } from '@cincy/contracts';
import { fieldErrorsOf } from '../../api/request';
import { FormDialog } from '../../components/form-dialog';
import { toast, type ToastInput } from '../../components/toast';
import { useCreateUser } from '../../hooks/use-create-user';
import { useUpdateUser } from '../../hooks/use-update-user';
import { showServerErrors, zodRule } from '../../lib/zod-form';
import {
  EMPTY_CREATE_USER_FORM,
  PASSWORD_HINT,
  ROLE_OPTIONS,
  buildCreateUserBody,
  buildUpdateUserBody,
  editUserForm,
  type CreateUserForm,
  type EditUserForm,
} from './user-form.util';
import {
  USER_CREATED_TOAST,
  USER_UPDATED_TOAST,
  userCreateFailedToast,
  userUpdateFailedToast,
} from './user-toasts.util';

/** Which dialog: 'Create New User', or 'Edit User' of a user (maybe the signed-in admin). */
export type UserDialogTarget = { kind: 'create' } | { kind: 'edit'; user: User; isSelf: boolean };

/** What differs between the two dialogs; the form itself is one. */
const COPY = {
  create: {
    title: 'Create New User',
    submit: 'Create User',
    schema: createUserFormSchema,
    password: 'Password',
    confirmPassword: 'Confirm Password',
    done: USER_CREATED_TOAST,
    failed: userCreateFailedToast,
    failureLog: 'Creating the user failed',
  },
  edit: {
    title: 'Edit User',
    submit: 'Save Changes',
    schema: editUserFormSchema,
    password: 'New Password',
    confirmPassword: 'Confirm New Password',
    done: USER_UPDATED_TOAST,
    failed: userUpdateFailedToast,
    failureLog: 'Updating the user failed',
  },
} satisfies Record<
  UserDialogTarget['kind'],
  {
    title: string;
    submit: string;
    schema: typeof createUserFormSchema | typeof editUserFormSchema;
    password: string;
    confirmPassword: string;
    done: ToastInput;
    failed: (error: unknown) => ToastInput;
    failureLog: string;
  }
>;

type UserForm = CreateUserForm & EditUserForm;

/**
 * 'Create New User' (the password typed twice; a technician unless the admin says otherwise) and
 * 'Edit User' (a blank password keeps the current one): one form, the contract's schema of each.
 */
export function UserDialog({
  target,
  open,
  onClose,
  afterClose,
}: {
  target: UserDialogTarget;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}) {
  const [form] = Form.useForm<UserForm>();
  const create = useCreateUser();
  const update = useUpdateUser();
  const copy = COPY[target.kind];
  const saving = create.isPending || update.isPending;
  const rule = (field: keyof UserForm) => [zodRule(copy.schema, field)];

  const onFinish = (values: UserForm) => {
    const handlers = {
      onSuccess: () => {
        toast(copy.done);
        onClose();
      },
      onError: (error: unknown) => {
        console.warn(copy.failureLog, error);
        toast(copy.failed(error));
        showServerErrors(form, fieldErrorsOf(error));
      },
    };
    if (target.kind === 'create') create.mutate(buildCreateUserBody(values), handlers);
    else update.mutate({ id: target.user.id, body: buildUpdateUserBody(values) }, handlers);
  };

  const creating = target.kind === 'create';
  const passwords = (
    <Row gutter={12}>
      <Col xs={24} sm={12}>
        <Form.Item
          name="password"
          label={copy.password}
          required={creating}
          rules={rule('password')}
          extra={creating ? PASSWORD_HINT : undefined}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="confirmPassword"
          label={copy.confirmPassword}
          required={creating}
          dependencies={['password']}
          rules={rule('confirmPassword')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Col>
    </Row>
  );

  return (
    <FormDialog
      open={open}
      title={copy.title}
      okText={copy.submit}
      saving={saving}
      onClose={onClose}
      afterClose={afterClose}
      form={form}
      name={`user-${target.kind}`}
      initialValues={target.kind === 'create' ? EMPTY_CREATE_USER_FORM : editUserForm(target.user)}
      onFinish={onFinish}
    >
      <p>{target.kind === 'create' ? 'A login for a technician or an admin.' : target.user.name}</p>
      <Form.Item name="name" label="Full Name" required rules={rule('name')}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="username" label="Username" required rules={rule('username')}>
        <Input autoComplete="off" autoCapitalize="none" spellCheck={false} />
      </Form.Item>
      <Form.Item
        name="email"
        label="Email"
        rules={rule('email')}
        extra="Optional. Where a password reset link goes."
      >
        <Input type="email" autoComplete="off" autoCapitalize="none" spellCheck={false} />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="role" label="Role" required rules={rule('role')}>
            <Select options={ROLE_OPTIONS} placeholder="Select role" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="employeeId"
            label="Employee ID"
            rules={rule('employeeId')}
            extra="Optional."
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      {target.kind === 'create' ? (
        passwords
      ) : (
        <div role="group" aria-labelledby="user-edit-password-title">
          <Typography.Text strong id="user-edit-password-title">
            Change password
          </Typography.Text>
          <Typography.Paragraph type="secondary">
            Leave both empty to keep the current password. {PASSWORD_HINT}
            {target.isSelf && ' A new password or role signs you out on every device.'}
          </Typography.Paragraph>
          {passwords}
        </div>
      )}
    </FormDialog>
  );
}
