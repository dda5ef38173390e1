import { BUSINESS } from '@cincy/contracts';
import { Link } from 'react-router-dom';

/** The links the public pages repeat: call us, e-mail us, book now. */

export function PhoneLink() {
  return <a href={BUSINESS.phoneHref}>{BUSINESS.phone}</a>;
}

export function EmailLink() {
  return <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a>;
}

export function BookNowLink({ large = false }: { large?: boolean }) {
  return (
    <Link
      className={`pub-button pub-button--primary${large ? ' pub-button--large' : ''}`}
      to="/customer-form"
    >
      Book Now
    </Link>
  );
}
