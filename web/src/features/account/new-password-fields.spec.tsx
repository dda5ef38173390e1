/**
 * @jest-environment jsdom
 */
import '../../../test/jsdom-setup';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { passwordResetSchema, USER_MESSAGES } from '@cincy/contracts';
import { NewPasswordFields } from './new-password-fields';

function Page({ label, onFinish }: { label?: 'Password'; onFinish: (v: unknown) => void }) {
  return (
    <Form onFinish={onFinish} initialValues={{ password: '', confirmPassword: '' }}>
      <NewPasswordFields schema={passwordResetSchema} label={label} />
      <Button htmlType="submit">Save</Button>
    </Form>
  );
}

describe('NewPasswordFields', () => {
  it('asks the new password twice, checks the first by the schema and the second against it', async () => {
    const onFinish = jest.fn();
    render(<Page onFinish={onFinish} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'a strong enough passphrase 7');
    await user.type(screen.getByLabelText('Confirm new password'), 'a strong enough passphrase 8');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(USER_MESSAGES.passwordsDontMatch)).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'a strong enough passphrase 7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onFinish).toHaveBeenCalledWith({
        password: 'a strong enough passphrase 7',
        confirmPassword: 'a strong enough passphrase 7',
      }),
    );
  });

  it('refuses a password the schema refuses, and names both fields after its label', async () => {
    render(<Page label="Password" onFinish={jest.fn()} />);
    const user = userEvent.setup();
    expect(screen.getByLabelText('Confirm password')).toBeTruthy();
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const refusal = passwordResetSchema.safeParse({ password: 'short' });
    expect(refusal.success).toBe(false);
    expect(await screen.findByText(refusal.error!.issues[0].message)).toBeTruthy();
    expect(await screen.findByText(USER_MESSAGES.confirmPassword)).toBeTruthy();
  });
});
