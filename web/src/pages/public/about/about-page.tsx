import { BookNowLink, PhoneLink, PublicCard } from '../public-blocks';
import { InfoPage } from '../public-layout';

export function AboutPage() {
  return (
    <InfoPage title="We built this for you">
      <PublicCard titleId="pub-see-you" title="We See You">
        <p>
          The car won&apos;t start, you&apos;re already late, and the last thing you need is a tow,
          a waiting room or a stranger&apos;s jumper cables. We have been there too. A dead battery
          always picks the worst moment.
        </p>
      </PublicCard>
      <PublicCard titleId="pub-got-you" title="We Got You">
        <p>
          So we come to you. A friendly technician brings a brand new battery to your driveway,
          office lot or roadside, tests your system and has you back on the road in about 15-25
          minutes, with a 1 year warranty and fair, tax-included prices. Call us at <PhoneLink />{' '}
          any day of the week.
        </p>
      </PublicCard>
      <div className="pub-actions">
        <BookNowLink />
      </div>
    </InfoPage>
  );
}
