import { BUSINESS, PRICES, SERVICE_HOURS } from '@cincy/contracts';
import { BookNowLink, PhoneLink, PublicCard } from '../public-blocks';
import { InfoPage } from '../public-layout';

interface FaqItem {
  question: string;
  answer: string;
}

const FAQ: readonly FaqItem[] = [
  {
    question: 'What is mobile battery replacement?',
    answer:
      'Instead of you getting a tow or a jump to a shop, we come to you. A technician brings a brand new battery to your home, work or roadside, tests your system, installs the battery on the spot and takes the old one away.',
  },
  {
    question: 'How do I know my battery is dying?',
    answer:
      'Common signs are a slow or clicking start, dim headlights or dashboard lights, a battery warning light, electrical features acting up, a swollen or leaking battery case, corrosion on the terminals, or a battery that is more than three years old. If you are not sure, our technician tests it before replacing anything.',
  },
  {
    question: 'How long does a car battery last?',
    answer:
      'Most car batteries last 3-5 years. Heat, cold, short trips and lots of accessories can shorten that, so it pays to have an older battery tested before it leaves you stranded.',
  },
  {
    question: 'Do I need to know what type of battery my car takes?',
    answer:
      'No. Tell us the year, make and model if you know them, and our technician matches the right size and type (regular lead acid or AGM) for your vehicle on site.',
  },
  {
    question: 'What is included in the service?',
    answer:
      'A brand new battery with warranty, delivery and installation on site, a full electrical system diagnostic, battery reset/registration for smart vehicles, removal and recycling of your old battery, and friendly professional service wherever you are.',
  },
  {
    question: 'What vehicles do you service?',
    answer:
      'We service most cars, SUVs, minivans and light trucks from all the major makes, including newer vehicles that need the battery registered with the car computer after installation.',
  },
  {
    question: 'Do you offer jump starts?',
    answer:
      'Yes. In a few nearby communities we offer a free jump start, with no purchase required. Call us and we will tell you if you are in one of them.',
  },
  {
    question: 'Can you install a battery I already bought?',
    answer:
      'No. We only install batteries we source ourselves, never customer-supplied ones. That is how we can stand behind the quality and the warranty of every install.',
  },
  {
    question: 'Is there a warranty?',
    answer:
      'Yes. Every battery comes with a 1 year free replacement warranty covering manufacturer defects, and if anything about our installation is not right, we fix it free.',
  },
  {
    question: 'How long does the installation take?',
    answer:
      'Most installs take about 15-25 minutes once the technician arrives, including testing your charging system.',
  },
  {
    question: 'Where do you provide service?',
    answer: `We serve ${BUSINESS.serviceArea}. If you are just outside that area, give us a call and we will do our best to help.`,
  },
  {
    question: 'Does cold weather affect my battery?',
    answer:
      'Yes. Cold slows the chemical reaction inside a battery, so it delivers less power just when the engine needs more to start. A weak battery that worked all summer often fails on the first cold morning. If yours is more than three years old, have it tested before winter.',
  },
  {
    question: 'Are you insured?',
    answer:
      'Yes. We are a fully insured business, so you can have work done at your home or workplace with peace of mind.',
  },
  {
    question: 'How much does it cost?',
    answer: `A regular lead acid battery is $${PRICES.leadAcid} and an AGM battery is $${PRICES.agm}, tax included, installed.`,
  },
];

export function FaqPage() {
  return (
    <InfoPage
      title="Frequently Asked Questions"
      intro="Answers to the questions we hear most. Tap a question to open it."
    >
      <div className="pub-faq">
        {FAQ.map((item) => (
          <details key={item.question} className="pub-faq-item">
            <summary className="pub-faq-question">{item.question}</summary>
            <p className="pub-faq-answer">{item.answer}</p>
          </details>
        ))}
      </div>

      <PublicCard
        titleId="pub-call-us-title"
        title="Still have questions?"
        className="pub-card--accent pub-call-us"
      >
        <p>
          Call us at <PhoneLink />, 7 days a week, {SERVICE_HOURS}.
        </p>
        <BookNowLink />
      </PublicCard>
    </InfoPage>
  );
}
