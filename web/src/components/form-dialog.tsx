import { Form, Modal, type FormInstance } from 'antd';
import type { ReactNode } from 'react';

/**
 * The back office's form in a dialog: antd's Modal whose OK button submits the Form around it.
 * While it saves, the fields, Cancel and closing are off and OK shows it is busy; the first
 * invalid field gets the focus; the contract's messages show, not the browser's (noValidate).
 */
export function FormDialog<Values extends object>({
  open,
  title,
  okText,
  saving,
  okDisabled = false,
  onClose,
  afterClose,
  form,
  name,
  initialValues,
  formKey,
  onFinish,
  children,
}: {
  open: boolean;
  title: ReactNode;
  okText: string;
  saving: boolean;
  okDisabled?: boolean;
  onClose: () => void;
  afterClose: () => void;
  form: FormInstance<Values>;
  name: string;
  initialValues?: Partial<Values>;
  /** A new key mounts the form again, e.g. once the values it starts from are known. */
  formKey?: string;
  onFinish: (values: Values) => void;
  children: ReactNode;
}) {
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ htmlType: 'submit', disabled: okDisabled }}
      cancelButtonProps={{ disabled: saving }}
      confirmLoading={saving}
      onCancel={onClose}
      afterClose={afterClose}
      closable={!saving}
      keyboard={!saving}
      mask={{ closable: false }}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form<Values>
          key={formKey}
          form={form}
          name={name}
          layout="vertical"
          initialValues={initialValues}
          onFinish={onFinish}
          scrollToFirstError={{ focus: true }}
          noValidate
          disabled={saving}
          clearOnDestroy
        >
          {dialog}
        </Form>
      )}
    >
      {children}
    </Modal>
  );
}
