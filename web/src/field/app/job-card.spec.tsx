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
