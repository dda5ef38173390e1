import { BUSINESS } from '@cincy/contracts';
import { InfoPage } from '../public-layout';
import { EmailLink, PhoneLink } from '../public-blocks';

export function TermsPage() {
  return (
    <InfoPage title="Terms of Service" intro="Effective date: July 1, 2025">
      <div className="pub-terms">
        <section aria-labelledby="terms-scope">
          <h2 id="terms-scope">1. Scope of Service</h2>
          <p>
            {BUSINESS.name} provides on-site battery testing, the sale and installation of new
            batteries, the removal of old batteries, and basic diagnostics on request.
          </p>
        </section>
        <section aria-labelledby="terms-location">
          <h2 id="terms-location">2. Service Location and Arrival</h2>
          <p>
            Service is performed at your home, workplace or roadside location, subject to technician
            availability. For ASAP bookings we aim to arrive within one hour.
          </p>
        </section>
        <section aria-labelledby="terms-cancel">
          <h2 id="terms-cancel">3. Cancellation and Rescheduling</h2>
          <p>
            You may cancel or reschedule free of charge at any time before the technician arrives.
          </p>
        </section>
        <section aria-labelledby="terms-payment">
          <h2 id="terms-payment">4. Payment</h2>
          <p>Payment is due on completion of the service.</p>
        </section>
        <section aria-labelledby="terms-liability">
          <h2 id="terms-liability">5. Limitation of Liability</h2>
          <p>
            Our liability for any claim related to the service is limited to the amount you paid for
            it.
          </p>
        </section>
        <section aria-labelledby="terms-warranty">
          <h2 id="terms-warranty">6. Battery Warranty</h2>
          <p>
            Batteries carry a warranty of 1 year from the date of purchase, covering manufacturer
            defects. The warranty does not cover:
          </p>
          <ul>
            <li>charging system or electrical faults of the vehicle;</li>
            <li>damage from improper jump-starting;</li>
            <li>physical damage or water damage;</li>
            <li>freezing caused by discharge or storage;</li>
            <li>batteries removed from the vehicle they were originally installed in.</li>
          </ul>
        </section>
        <section aria-labelledby="terms-service-warranty">
          <h2 id="terms-service-warranty">7. Service Warranty</h2>
          <p>If a problem is caused by our installation, we fix it free of charge.</p>
        </section>
        <section aria-labelledby="terms-claims">
          <h2 id="terms-claims">8. Warranty Claims</h2>
          <p>
            To make a claim, provide your receipt and the location of the vehicle. A technician
            verifies the claim, and the battery is returned to us for inspection.
          </p>
        </section>
        <section aria-labelledby="terms-contact">
          <h2 id="terms-contact">Questions</h2>
          <p>
            Call <PhoneLink /> or e-mail <EmailLink />.
          </p>
        </section>
      </div>
    </InfoPage>
  );
}
