import { Button, Flex, Typography } from 'antd';
import { toast } from '../../components/toast';
import { ACCOUNT_TEXT, RECOVERY_CODES_FILE_NAME, recoveryCodesText } from './account.util';

/** Puts `text` into a file the browser downloads. */
function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The ten recovery codes, shown once after the setup: Copy, Download, then "I have saved them",
 * which continues (`onDone`).
 */
export function RecoveryCodesPanel({
  codes,
  account,
  onDone,
  busy = false,
}: {
  codes: readonly string[];
  /** The username, written at the top of the file. */
  account: string | null;
  onDone: () => void;
  busy?: boolean;
}) {
  const text = () => recoveryCodesText(codes, account, new Date());
  const copy = () => {
    if (!navigator.clipboard) {
      toast({
        title: 'Could not copy',
        description: 'Select the codes and copy them, or use Download.',
        variant: 'destructive',
      });
      return;
    }
    navigator.clipboard.writeText(text()).then(
      () => toast({ title: 'Recovery codes copied' }),
      () =>
        toast({
          title: 'Could not copy',
          description: 'Select the codes and copy them, or use Download.',
          variant: 'destructive',
        }),
    );
  };

  return (
    <section aria-labelledby="recovery-codes-title">
      <Typography.Title level={2} id="recovery-codes-title" className="account-subtitle">
        {ACCOUNT_TEXT.recoveryTitle}
      </Typography.Title>
      <Typography.Paragraph>
        Two-step sign-in is on. If you lose your phone, each of these codes signs you in once
        instead of the app&apos;s code.
      </Typography.Paragraph>
      <Typography.Paragraph strong>
        They are shown only now: keep them somewhere safe, such as a password manager.
      </Typography.Paragraph>
      <ol className="recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Flex gap={8} wrap className="recovery-codes-actions">
        <Button onClick={copy}>Copy</Button>
        <Button onClick={() => download(text(), RECOVERY_CODES_FILE_NAME)}>Download</Button>
      </Flex>
      <Button type="primary" block size="large" loading={busy} onClick={onDone}>
        {ACCOUNT_TEXT.recoverySaved}
      </Button>
    </section>
  );
}
