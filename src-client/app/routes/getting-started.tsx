import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ExternalLinkId } from '../../../src-common/schemas/client-config';
import { selectUser, useSession } from '../../lib/session';
import { useExternalLinks, type ExternalLink } from '../external-links';
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

const BROWSE: Step = {
  title: 'Browse listings',
  body: 'Anyone can look around. Search by item name, filter by buy or sell, episode and profession, and sort by price or age. New listings appear live, no refresh needed.',
  actions: (
    <Link className="btn small primary" to="/alllistings">
      Browse All Listings
    </Link>
  ),
};

const LOG_IN: Step = {
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
};

const POST: Step = {
  title: 'Post a listing',
  body: 'Pick the item, choose Buying or Selling, set the quantity and your price in platinum, gold, silver and copper, each or in total. Add a note for buyers if you like.',
  actions: (
    <Link className="btn small" to="/post">
      Post a Listing
    </Link>
  ),
};

const MANAGE: Step = {
  title: 'Manage your trades',
  body: 'My Profile lists everything you have posted: edit or delete a listing there. Open a listing to see the offers on it and accept or reject them; other players see your answer at once.',
  actions: (
    <Link className="btn small" to="/myprofile">
      Go to My Profile
    </Link>
  ),
};

/** "Get help" names the two Discord servers the server has addresses for, and is left out without either. */
function helpStep(chats: ExternalLink[]): Step | null {
  const community = chats.find((link) => link.id === 'communityChat');
  const feedback = chats.find((link) => link.id === 'feedbackChat');
  if (!community && !feedback) return null;
  return {
    title: 'Get help',
    body: (
      <>
        Stuck, found a bug or have an idea?{' '}
        {community && (
          <>
            Ask in the <ExternalAnchor href={community.href}>community Discord</ExternalAnchor>
            {feedback ? ' or report it on the ' : '.'}
          </>
        )}
        {feedback && (
          <>
            {community ? '' : 'Report it on the '}
            <ExternalAnchor href={feedback.href}>bugs and suggestions server</ExternalAnchor>.
          </>
        )}
      </>
    ),
    actions: null,
  };
}

const CHAT_IDS: readonly ExternalLinkId[] = ['communityChat', 'feedbackChat'];
const HELPFUL_LINK_IDS: readonly ExternalLinkId[] = [
  'communityChat',
  'feedbackChat',
  'wiki',
  'syncBot',
  'officialSite',
  'partner',
];

export function Component() {
  const loggedIn = useSession(selectUser) !== null;
  const helpfulLinks = useExternalLinks(HELPFUL_LINK_IDS);
  const help = helpStep(useExternalLinks(CHAT_IDS));
  // A signed-in player has done the "Log in" step: the guide skips it rather than prompt them again.
  const steps = [BROWSE, ...(loggedIn ? [] : [LOG_IN]), POST, MANAGE, ...(help ? [help] : [])];

  return (
    <div className="getting-started stack">
      <header>
        <h1 className="page-title">Getting Started</h1>
        <p className="muted lead">
          Brighter Shores Market is where players buy and sell in-game items with each other. A few steps and
          you are trading.
        </p>
      </header>

      <ol className="steps">
        {steps.map((step, index) => (
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

      <section aria-labelledby="trade-from-code" className="stack">
        <h2 id="trade-from-code" className="section-title">
          Trade from code
        </h2>
        <p className="muted">
          Bots and tools use the same API as this site. <Link to="/guides/build-a-bot">Build a Bot</Link>{' '}
          walks from a personal token to a bot that watches an item and makes an offer, in TypeScript or
          Python.
        </p>
      </section>

      {helpfulLinks.length > 0 && (
        <section aria-labelledby="helpful-links" className="stack">
          <h2 id="helpful-links" className="section-title">
            Helpful links
          </h2>
          <ul className="grid helpful-links">
            {helpfulLinks.map((link) => (
              <li key={link.id} className="card helpful-link">
                <h3>
                  <ExternalAnchor href={link.href}>{link.label}</ExternalAnchor>
                </h3>
                <p className="muted">{link.description}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
