import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  COMMUNITY_CHAT,
  FEEDBACK_CHAT,
  OFFICIAL_SITE,
  PARTNER_SITE,
  SYNC_BOT,
  WIKI,
} from '../external-links';
import './getting-started.css';

interface Step {
  title: string;
  body: ReactNode;
  actions: ReactNode;
}

function ExternalAnchor({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

const STEPS: Step[] = [
  {
    title: 'Browse listings',
    body: 'Anyone can look around. Search by item name, filter by buy or sell, episode and profession, and sort by price or age. New listings appear live, no refresh needed.',
    actions: (
      <Link className="btn small primary" to="/alllistings">
        Browse All Listings
      </Link>
    ),
  },
  {
    title: 'Log in',
    body: 'Sign in with your Discord account or with an email and password. Open the menu and choose Login at any time.',
    actions: (
      <>
        <Link className="btn small" to="/login">
          Sign In
        </Link>
        <Link className="btn small ghost" to="/register">
          Create an Account
        </Link>
      </>
    ),
  },
  {
    title: 'Post a listing',
    body: 'Pick the item, choose Buying or Selling, set the quantity and your price in platinum, gold, silver and copper, each or in total. Add a note for buyers if you like.',
    actions: (
      <Link className="btn small" to="/post">
        Post a Listing
      </Link>
    ),
  },
  {
    title: 'Manage your trades',
    body: 'My Profile lists everything you have posted: edit or delete a listing there. Open a listing to see the offers on it and accept or reject them; other players see your answer at once.',
    actions: (
      <Link className="btn small" to="/myprofile">
        Go to My Profile
      </Link>
    ),
  },
  {
    title: 'Get help',
    body: (
      <>
        Stuck, found a bug or have an idea? Ask in the{' '}
        <ExternalAnchor href={COMMUNITY_CHAT.href}>community Discord</ExternalAnchor> or report it on the{' '}
        <ExternalAnchor href={FEEDBACK_CHAT.href}>bugs and suggestions server</ExternalAnchor>.
      </>
    ),
    actions: null,
  },
];

const HELPFUL_LINKS = [COMMUNITY_CHAT, FEEDBACK_CHAT, WIKI, SYNC_BOT, OFFICIAL_SITE, PARTNER_SITE];

export function Component() {
  return (
    <div className="getting-started stack">
      <header>
        <h1 className="page-title">Getting Started</h1>
        <p className="muted lead">
          Brighter Shores Market is where players buy and sell in-game items with each other. Five steps and
          you are trading.
        </p>
      </header>

      <ol className="steps">
        {STEPS.map((step, index) => (
          <li key={step.title} className="card step">
            <span className="step-number" aria-hidden="true">
              {index + 1}
            </span>
            <div className="step-content">
              <h2 className="step-title">
                <span className="visually-hidden">Step {index + 1}: </span>
                {step.title}
              </h2>
              <p>{step.body}</p>
              {step.actions && <div className="row">{step.actions}</div>}
            </div>
          </li>
        ))}
      </ol>

      <section aria-labelledby="helpful-links" className="stack">
        <h2 id="helpful-links" className="section-title">
          Helpful links
        </h2>
        <ul className="grid helpful-links">
          {HELPFUL_LINKS.map((link) => (
            <li key={link.id} className="card helpful-link">
              <h3>
                <ExternalAnchor href={link.href}>{link.label}</ExternalAnchor>
              </h3>
              <p className="muted">{link.description}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
