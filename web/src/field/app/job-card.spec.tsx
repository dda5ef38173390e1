/**
 * @jest-environment jsdom
 */
import '../../../test/jsdom-setup';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { dashboardAppointment } from '../../../test/dashboard-appointment.fixture';
import { JobCard, type JobCardProps } from './job-card';

// The Arrived step of a job that asks for proof of arrival (REQUIRE_ARRIVAL_CODE).
const ME = 7;
const onTheWay = (arrivalCheck: 'none' | 'required') => ({
  ...dashboardAppointment(1, 'en_route', {
    technicianId: ME,
    customer: { name: 'Door Customer', phone: '5135550142' },
    arrivalCheck,
  }),
  waiting: [],
});

function card(job: JobCardProps['job']) {
  const onStep = jest.fn<Promise<void>, Parameters<JobCardProps['onStep']>>(async () => undefined);
  render(
    <JobCard
      job={job}
      userId={ME}
      underWayId={job.id}
      now={new Date()}
      current
      batteries={[]}
      draft={null}
      onDraft={() => undefined}
      onStep={onStep}
    />,
  );
  return onStep;
}

/** A tap, and what it sets going (the step's promise) settled. */
const tap = (name: string) =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });

describe('JobCard: Arrived', () => {
  it("asks for the customer's arrival code where the job has one, and sends it with the step", async () => {
    const onStep = card(onTheWay('required'));
    await tap('Arrived');
    expect(onStep).not.toHaveBeenCalled();
    const code = screen.getByLabelText("Customer's arrival code");
    fireEvent.change(code, { target: { value: '48' } });
    await tap('Arrived');
    expect(screen.getByRole('alert').textContent).toBe(
      "Type the 4-digit code from the customer's tracking page.",
    );
    fireEvent.change(code, { target: { value: '0 4-82' } });
    await tap('Arrived');
    expect(onStep).toHaveBeenCalledWith(
      expect.objectContaining({ id: 1 }),
      'on_location',
      {
        arrivalCode: '0482',
      },
      undefined,
    );
  });

  it('takes the step at once where no code is asked', async () => {
    const onStep = card(onTheWay('none'));
    await tap('Arrived');
    expect(onStep).toHaveBeenCalledWith(
      expect.objectContaining({ id: 1 }),
      'on_location',
      undefined,
      undefined,
    );
  });
});

describe('JobCard: the battery to bring (issue 37)', () => {
  const needsH6 = { ...onTheWay('none'), battery: { groupSize: '48', technology: 'AGM' as const } };
  const h6InMyVan = {
    id: 3,
    name: 'H6 AGM 760 CCA',
    description: null,
    sku: null,
    category: 'battery',
    quantity: 2,
    minQuantity: 1,
    unitCost: 150,
    price: 170,
    warrantyMonths: 36,
    vanMinQuantity: 0,
    notes: null,
    byLocation: [
      { locationId: 1, quantity: 1, technicianId: null },
      { locationId: 4, quantity: 1, technicianId: ME },
    ],
  };

  const drawn = (job: JobCardProps['job'], batteries: JobCardProps['batteries']) =>
    render(
      <JobCard
        job={job}
        userId={ME}
        underWayId={job.id}
        now={new Date()}
        current
        batteries={batteries}
        draft={null}
        onDraft={() => undefined}
        onStep={async () => undefined}
      />,
    );

  it('says which battery to bring, and warns when the van holds none', () => {
    const { unmount } = drawn(needsH6, [h6InMyVan]);
    expect(screen.getByText(/^Bring:/).textContent).toBe('Bring: Group 48 AGM');
    unmount();
    drawn(needsH6, [{ ...h6InMyVan, byLocation: [h6InMyVan.byLocation[0]] }]);
    expect(screen.getByText(/^Bring:/).textContent).toBe(
      'Bring: Group 48 AGM (none in your van: pick one up at the warehouse)',
    );
  });

  it('asks to check the fitment when the vehicle does not tell the battery', () => {
    drawn(onTheWay('none'), []);
    expect(screen.getByText(/^Check fitment/)).toBeTruthy();
  });
});
