import { BUSINESS } from '@cincy/contracts';
import { Link } from 'react-router-dom';
import { InfoPage } from '../public-layout';

export function AboutPage() {
  return (
    <InfoPage title="We built this for you">
      <section className="pub-card" aria-labelledby="pub-see-you">
        <h2 className="pub-card-title" id="pub-see-you">
          We See You
        </h2>
        <p>
          The car won&apos;t start, you&apos;re already late, and the last thing you need is a tow,
          a waiting room or a stranger&apos;s jumper cables. We have been there too. A dead battery
          always picks the worst moment.
        </p>
      </section>
      <section className="pub-card" aria-labelledby="pub-got-you">
        <h2 className="pub-card-title" id="pub-got-you">
          We Got You
        </h2>
        <p>
          So we come to you. A friendly technician brings a brand new battery to your driveway,
          office lot or roadside, tests your system and has you back on the road in about 15-25
          minutes, with a 1 year warranty and fair, tax-included prices. Call us at{' '}
          <a href={BUSINESS.phoneHref}>{BUSINESS.phone}</a> any day of the week.
        </p>
      </section>
      <div className="pub-actions">
        <Link className="pub-button pub-button--primary" to="/customer-form">
          Book Now
        </Link>
      </div>
    </InfoPage>
  );
}
