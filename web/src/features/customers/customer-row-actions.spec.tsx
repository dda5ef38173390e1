import { renderToStaticMarkup } from 'react-dom/server';
import type { SignedInUser } from '@cincy/contracts';
import { CustomerRowActions } from './customer-row-actions';

type Viewer = Pick<SignedInUser, 'privileged' | 'role'>;
const ADMIN: Viewer = { privileged: true, role: 'admin' };
const TECH: Viewer = { privileged: false, role: 'technician' };
const jane = { id: 4, name: 'Jane Doe', phone: '5135550101' };

const render = (user: Viewer, customer: typeof jane | null) =>
  renderToStaticMarkup(
    <CustomerRowActions
      user={user}
      customerId={4}
      customer={customer}
      onAction={() => undefined}
    />,
  );

describe('CustomerRowActions', () => {
  it("gives an admin the customer's History (the changes) after the row's actions", () => {
    const html = render(ADMIN, jane);
    expect(html).toMatch(/View History.*Edit.*Delete.*aria-label="History: Jane Doe"/);
  });

  it("gives an admin a deleted customer's History too", () => {
    expect(render(ADMIN, null)).toContain('aria-label="History: Deleted customer"');
  });

  it('gives a technician no History of changes', () => {
    const html = render(TECH, jane);
    expect(html).toContain('View History');
    expect(html).not.toContain('aria-label="History:');
  });
});
