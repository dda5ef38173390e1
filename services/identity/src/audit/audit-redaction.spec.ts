import { redactChanges, scrubAppointment } from './audit-redaction';

describe('redaction of a deleted customer', () => {
  it("empties the customer's personal fields and keeps that they changed", () => {
    expect(
      redactChanges('customer', [
        { field: 'Name', from: 'Jane Doe', to: 'Jane Roe', redacted: false },
        { field: 'Email', from: null, to: 'jane@example.com', redacted: false },
      ]),
    ).toEqual([
      { field: 'Name', from: null, to: null, redacted: true },
      { field: 'Email', from: null, to: null, redacted: true },
    ]);
  });

  it("empties a job's customer details but keeps its status and vehicle", () => {
    const status = { field: 'Status', from: 'Pending', to: 'Assigned', redacted: false };
    const vehicle = { field: 'Vehicle', from: null, to: '2019 Toyota Camry', redacted: false };
    expect(
      redactChanges('appointment', [
        status,
        vehicle,
        { field: 'Location', from: '1 Main St', to: '2 Elm St', redacted: false },
        { field: 'Notes', from: null, to: 'Gate code 12', redacted: false },
      ]),
    ).toEqual([
      status,
      vehicle,
      { field: 'Location', from: null, to: null, redacted: true },
      { field: 'Notes', from: null, to: null, redacted: true },
    ]);
  });

  it('leaves the changes of staff and items alone', () => {
    const name = { field: 'Name', from: 'Alex', to: 'Alexa', redacted: false };
    expect(redactChanges('user', [name])).toEqual([name]);
    expect(redactChanges('item', [name])).toEqual([name]);
  });

  it("scrubs a job's state of the customer's details", () => {
    const scrubbed = scrubAppointment({
      customerId: 5,
      status: 'pending',
      technician: null,
      priority: 'normal',
      scheduledDate: null,
      scheduledTime: null,
      customerName: 'Jane Doe',
      customerPhone: '5135550100',
      location: '1 Main St',
      notes: 'Gate code 12',
      vehicle: '2019 Toyota Camry',
      version: 3,
    });
    expect(scrubbed).toMatchObject({
      customerName: null,
      customerPhone: null,
      location: null,
      notes: null,
      vehicle: '2019 Toyota Camry',
      version: 3,
    });
  });
});
