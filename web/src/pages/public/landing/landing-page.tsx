import { BUSINESS, SERVICE_HOURS } from '@cincy/contracts';
import { Link } from 'react-router-dom';
import { BrandLogo } from '../../../components/brand-logo';
import { BookNowLink, EmailLink, FactRow, PhoneLink, PublicCard } from '../public-blocks';
import { PromoVideo } from './promo-video';

const INCLUDED = [
  'Brand new battery with warranty',
  'On-site delivery and installation',
  'Full electrical system diagnostic',
  'Battery reset/registration for smart vehicles',
  'Old battery removal and recycling',
  'Friendly professional service at home, work or roadside',
] as const;

export function LandingPage() {
  return (
    <main className="pub-page pub-landing">
      <header className="pub-landing-top">
        <BrandLogo />
        <nav className="pub-landing-nav" aria-label="Information">
          <Link className="pub-button pub-button--ghost" to="/pricing">
            Pricing
          </Link>
          <Link className="pub-button pub-button--ghost" to="/faq">
            FAQ
          </Link>
          <Link className="pub-button pub-button--ghost" to="/about">
            About
          </Link>
        </nav>
      </header>

      <section className="pub-hero" aria-labelledby="pub-hero-title">
        <h1 className="pub-hero-title" id="pub-hero-title">
          Dead battery? We replace it on site.
        </h1>
        <p className="pub-lead">
          A technician brings a brand new battery to your home, work or roadside and installs it in
          about 15-25 minutes. Serving {BUSINESS.serviceArea}.
        </p>
        <BookNowLink large />
      </section>

      <PromoVideo />

      <div className="pub-card-grid">
        <PublicCard titleId="pub-included-title" title="What's Included">
          <ul className="pub-check-list">
            {INCLUDED.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </PublicCard>

        <PublicCard
          titleId="pub-referral-title"
          title="Refer a Friend, Get $10"
          className="pub-card--accent"
        >
          <p>
            When a friend buys a battery from us and turns in your referral card, you get a $10 gift
            card. There is no limit: refer as many friends as you like.
          </p>
        </PublicCard>

        <PublicCard titleId="pub-contact-title" title="Contact Us">
          <dl className="pub-contact-list">
            <FactRow term="Phone">
              <PhoneLink />
            </FactRow>
            <FactRow term="Open">7 days a week</FactRow>
            <FactRow term="Hours">{SERVICE_HOURS}</FactRow>
            <FactRow term="E-mail">
              <EmailLink />
            </FactRow>
          </dl>
        </PublicCard>
      </div>

      <p className="pub-privacy">
        Your privacy matters: we never sell or share your personal information with third parties.
      </p>

      <div className="pub-staff">
        <Link className="pub-button pub-button--quiet" to="/login">
          Staff Login
        </Link>
      </div>
    </main>
  );
}
