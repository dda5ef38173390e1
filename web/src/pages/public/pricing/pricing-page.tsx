import { PRICES } from '@cincy/contracts';
import { Link } from 'react-router-dom';
import { BookNowLink } from '../public-blocks';

const BATTERIES = [
  {
    name: 'Regular lead acid battery',
    price: PRICES.leadAcid,
    note: 'The right choice for most cars on the road.',
  },
  {
    name: 'AGM battery',
    price: PRICES.agm,
    note: 'For start-stop and vehicles with heavy electrical needs.',
  },
] as const;

export function PricingPage() {
  return (
    <main className="pub-page pub-info">
      <h1 className="pub-title">Battery Pricing</h1>
      <p className="pub-lead">One simple price, installed where you are. Tax included.</p>
      <ul className="pub-price-list">
        {BATTERIES.map((battery) => (
          <li key={battery.name} className="pub-card pub-price">
            <h2 className="pub-card-title">{battery.name}</h2>
            <p className="pub-price-amount">${battery.price}</p>
            <p className="pub-small">Tax included</p>
            <p>{battery.note}</p>
          </li>
        ))}
      </ul>
      <div className="pub-actions">
        <BookNowLink />
        <Link className="pub-button pub-button--secondary" to="/">
          Return Home
        </Link>
      </div>
    </main>
  );
}
