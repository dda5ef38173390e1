import { Form, Input, Select } from 'antd';
import { invitationInputSchema, type Role } from '@cincy/contracts';
import { ApiRequestError, fieldErrorsOf, serverMessageOf } from '../../api/request';
import { FormDialog } from '../../components/form-dialog';
import { toast } from '../../components/toast';
import { useInviteUser } from '../../hooks/use-invite-user';
import { showServerErrors, zodRule } from '../../lib/zod-form';
import { invitationSentText } from '../account/account.util';
import { ROLE_OPTIONS } from './user-form.util';

interface InviteForm {
  email: string;
  name: string;
  role: Role;
}

const EMPTY_INVITE: InviteForm = { email: '', name: '', role: 'technician' };

/**
 * 'Invite user' (admins): an email with a link by which the person chooses their own username
 * and password (valid 72 hours, once).
 */
export function InviteUserDialog({
  open,
  onClose,
  afterClose,
}: {
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}) {
  const [form] = Form.useForm<InviteForm>();
  const invite = useInviteUser();
  const rule = (field: keyof InviteForm) => [zodRule(invitationInputSchema, field)];

  const onFinish = (values: InviteForm) =>
    invite.mutate(
      { email: values.email.trim(), name: values.name.trim(), role: values.role },
      {
        onSuccess: (invitation) => {
          toast({ title: invitationSentText(invitation.email || values.email) });
          onClose();
        },
        onError: (error) => {
          console.warn('Inviting the user failed', error);
          if (showServerErrors(form, fieldErrorsOf(error))) return;
          const message = serverMessageOf(error);
          if (error instanceof ApiRequestError && error.status === 409 && message) {
            form.setFields([{ name: 'email', errors: [message] }]);
            return;
          }
          toast({
            title: 'Error',
            description: message ?? 'Failed to send the invitation',
            variant: 'destructive',
          });
        },
      },
    );

  return (
    <FormDialog<InviteForm>
      open={open}
      title="Invite user"
      okText="Send invitation"
      saving={invite.isPending}
      onClose={onClose}
      afterClose={() => {
        invite.reset();
        afterClose();
      }}
      form={form}
      name="user-invite"
      initialValues={EMPTY_INVITE}
      onFinish={onFinish}
    >
      <p>They get an email with a link to choose their username and password.</p>
      <Form.Item name="email" label="Email" required rules={rule('email')}>
        <Input type="email" autoComplete="off" autoCapitalize="none" spellCheck={false} />
      </Form.Item>
      <Form.Item name="name" label="Name" required rules={rule('name')}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="role" label="Role" required rules={rule('role')}>
        <Select options={ROLE_OPTIONS} />
      </Form.Item>
    </FormDialog>
  );
}
