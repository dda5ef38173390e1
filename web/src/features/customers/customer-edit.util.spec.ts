import { fieldMessage } from '../../lib/zod-form';
import {
  buildCustomerUpdate,
  customerEditForm,
  customerEditSchema,
  type CustomerEditForm,
} from './customer-edit.util';

/** The message antd's Form shows on each field, through the one zod adapter. */
const validateCustomerEdit = (values: CustomerEditForm) =>
  Object.fromEntries(
    Object.keys(values).flatMap((field) => {
      const message = fieldMessage(customerEditSchema, values, field);
      return message ? [[field, message]] : [];
    }),
  );

const form = { name: 'Jane Doe', phone: '513-555-0101', email: 'jane@example.com' };

describe('buildCustomerUpdate', () => {
  it('sends an empty e-mail as null', () => {
    expect(buildCustomerUpdate({ ...form, email: '' }).email).toBeNull();
    expect(buildCustomerUpdate({ ...form, email: '   ' }).email).toBeNull();
  });

  it('trims what it sends', () => {
    expect(
      buildCustomerUpdate({ name: ' Jane ', phone: ' 5135550101 ', email: ' j@x.io ' }),
    ).toEqual({
      name: 'Jane',
      phone: '5135550101',
      email: 'j@x.io',
    });
  });
});

describe('the form schema (validateCustomerEdit)', () => {
  it('accepts a customer with or without an e-mail', () => {
    expect(validateCustomerEdit(form)).toEqual({});
    expect(validateCustomerEdit({ ...form, email: '' })).toEqual({});
  });

  it("gives the spec's messages", () => {
    expect(validateCustomerEdit({ name: ' ', phone: '', email: 'not-an-email' })).toEqual({
      name: 'Name is required',
      phone: 'Phone number is required',
      email: 'Invalid email',
    });
  });
});

describe('customerEditForm', () => {
  it('shows a missing e-mail as an empty field', () => {
    expect(customerEditForm({ id: 1, name: 'Jane', phone: '5135550101', email: null }).email).toBe(
      '',
    );
  });
});
