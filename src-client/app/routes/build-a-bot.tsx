import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { COPPER_PER_GOLD, COPPER_PER_PLATINUM, COPPER_PER_SILVER } from '../../../src-common/money';
import { BOT_CODE, type BotLanguage, type BotStep } from './build-a-bot-code';
import './build-a-bot.css';

const LANGUAGE_LABELS: Record<BotLanguage, string> = { typescript: 'TypeScript', python: 'Python' };
const EXAMPLE_ITEM = 'Pine Needle Worms';

function StepTitle({ n, children }: { n?: number; children: string }) {
  return (
    <h2 className="guide-step-title">
      {n !== undefined && (
        <>
          <span className="guide-step-number" aria-hidden="true">
            {n}
          </span>
          <span className="visually-hidden">Step {n}: </span>
        </>
      )}
      {children}
    </h2>
  );
}

/** A block of code or shell commands; focusable so a keyboard can scroll its long lines. */
function Code({ label, children }: { label: string; children: string }) {
  return (
    <pre className="code-block" tabIndex={0} aria-label={label}>
      <code>{children}</code>
    </pre>
  );
}

function setupCommands(language: BotLanguage, origin: string): string {
  if (language === 'typescript') {
    return [
      'npm install openapi-fetch socket.io-client',
      'npm install --save-dev openapi-typescript typescript tsx',
      `npx openapi-typescript ${origin}/api/openapi.json -o generated/marketplace-api.d.ts`,
    ].join('\n');
  }
  return [
    'python3 -m venv .venv && . .venv/bin/activate',
    'pip install "python-socketio[client]" openapi-python-client',
    `openapi-python-client generate --url ${origin}/api/openapi.json \\`,
    '  --meta none --output-path generated/marketplace_api',
  ].join('\n');
}

function runCommand(language: BotLanguage, origin: string): string {
  const bot = language === 'typescript' ? 'npx tsx bot.ts' : 'python bot.py';
  return [
    'export BSM_TOKEN=bsm_pat_...   # your token',
    `${bot} --url ${origin} --item "${EXAMPLE_ITEM}" --offer 5000 --quantity 2`,
  ].join('\n');
}

const SAMPLE_OUTPUT = [
  'connected',
  `waiting for a sell listing of ${EXAMPLE_ITEM}`,
  'found #12 2500c each, 4 left',
  'watching #12',
  'offer made #301 5000c for 2',
  'offer #301 5000c by YourName',
  'offer #301 accepted',
  `notice offer_accepted: Your offer on ${EXAMPLE_ITEM} was accepted`,
  'listing #12 active, 2 left',
].join('\n');

interface Section {
  title: string;
  body: ReactNode;
  /** The example bot's excerpt shown under the text. */
  code?: BotStep;
}

const SECTIONS: Section[] = [
  {
    title: 'Find the item on the market',
    code: 'find',
    body: (
      <>
        <code>GET /api/listings?item=…</code> keeps only the listings of that exact catalogue name (spelt as{' '}
        <code>GET /api/items/meta/names</code> gives it); with <code>type=sell</code> and{' '}
        <code>sort=asc</code> the cheapest sell listing comes first. Listings and offers are the same JSON
        over REST and over the socket, so one type serves both.
      </>
    ),
  },
  {
    title: 'Watch it live',
    code: 'watch',
    body: (
      <>
        The socket connects with the same token. <code>listing:watch</code> puts it in a listing&apos;s room,
        where the offers on that listing arrive; its acknowledgement says whether it worked. Every socket
        hears <code>listing:created</code>, so a bot that found nothing waits for the next listing of its item
        instead of asking again and again. Each event sent to a room or to everyone carries one more argument
        after its payload, the connection&apos;s recovery offset: a Python handler takes <code>*_offset</code>
        .
      </>
    ),
  },
  {
    title: 'Make an offer',
    code: 'offer',
    body: (
      <>
        <code>POST /api/offers</code> takes the listing, <code>offer_amount</code> in copper for the whole
        quantity, and the quantity (all that is left when you leave it out). The seller sees it at once and
        can accept or reject it. A refusal is always <code>{'{ error, code, field? }'}</code>: for example 403{' '}
        <code>TOKEN_SCOPE</code> when the token lacks <code>trade</code>, or 400 <code>VALIDATION_ERROR</code>{' '}
        naming the field.
      </>
    ),
  },
  {
    title: 'Keep up with what happens',
    code: 'events',
    body: (
      <>
        Every listing and offer has a <code>version</code> that grows with each change: keep an update only
        when its version is newer than the one you hold, and a late event never overwrites newer state. With
        the <code>read</code> scope the bot also gets its own <code>notification</code>s, such as{' '}
        <code>offer_accepted</code>.
      </>
    ),
  },
];

/** /guides/build-a-bot: from a personal token to a bot that watches an item and makes an offer. */
export function Component() {
  const id = useId();
  const [language, setLanguage] = useState<BotLanguage>('typescript');
  const origin = window.location.origin;
  const code = BOT_CODE[language];
  const label = LANGUAGE_LABELS[language];
  // Steps 1 and 2 come before the note on money, then the excerpts, then running it.
  const firstSection = 3;

  return (
    <article className="build-a-bot stack">
      <header className="stack">
        <h1 className="page-title">Build a Bot</h1>
        <p className="muted lead">
          Trade from your own program: this page takes you from a personal token to a bot that watches an
          item, waits for a seller and makes an offer, in TypeScript or Python. The code is that of the
          example bots in the repository (<code>scripts/examples/</code>), which our tests run against a real
          server.
        </p>
        <p className="row guide-links">
          <a href="/api/docs">REST API reference</a>
          <a href="/api/docs/realtime">Realtime API (Socket.IO)</a>
          <a href="/api/openapi.json">OpenAPI document</a>
          <a href="/api/asyncapi.json">AsyncAPI document</a>
        </p>
      </header>

      <fieldset className="guide-language">
        <legend>Show the code in</legend>
        {(Object.keys(LANGUAGE_LABELS) as BotLanguage[]).map((value) => (
          <label key={value}>
            <input
              type="radio"
              name={`${id}-language`}
              value={value}
              checked={language === value}
              onChange={() => setLanguage(value)}
            />
            {LANGUAGE_LABELS[value]}
          </label>
        ))}
      </fieldset>

      <section className="card guide-step stack">
        <StepTitle n={1}>Create a personal token</StepTitle>
        <p>
          Open <Link to="/myprofile?tab=settings">My Profile → Settings → API tokens</Link>, name a token and
          give it the scopes your bot needs: <code>read</code> for your notifications, <code>trade</code> to
          make offers. Its secret (<code>bsm_pat_…</code>) is shown once. Keep it out of your code: the bot
          reads it from the environment. It works until you revoke it there, which also disconnects the bot at
          once.
        </p>
      </section>

      <section className="card guide-step stack">
        <StepTitle n={2}>Generate a client</StepTitle>
        <p>
          The REST API is described by <a href="/api/openapi.json">/api/openapi.json</a>. Generate a typed
          client from it instead of writing the requests by hand, and generate it again when the API grows.
        </p>
        <Code label={`${label} set-up commands`}>{setupCommands(language, origin)}</Code>
        <p>
          The bot then makes one REST client and one socket, both with the token (<code>url</code> is this
          site&apos;s address).
        </p>
        <Code label={`${label}: the clients`}>{code.client}</Code>
      </section>

      <section className="card guide-step stack">
        <StepTitle>Prices are copper</StepTitle>
        <p>
          Every amount in the API is a whole number of copper: 1 silver is{' '}
          {COPPER_PER_SILVER.toLocaleString()} copper, 1 gold {COPPER_PER_GOLD.toLocaleString()} and 1
          platinum {COPPER_PER_PLATINUM.toLocaleString()}. A listing&apos;s <code>price</code> is copper for
          one item and <code>totalPrice</code> for all of them; an offer&apos;s <code>offer_amount</code> is
          copper for its whole quantity.
        </p>
      </section>

      {SECTIONS.map((section, index) => (
        <section key={section.title} className="card guide-step stack">
          <StepTitle n={firstSection + index}>{section.title}</StepTitle>
          <p>{section.body}</p>
          {section.code && <Code label={`${label}: ${section.title}`}>{code[section.code]}</Code>}
        </section>
      ))}

      <section className="card guide-step stack">
        <StepTitle n={firstSection + SECTIONS.length}>Run it</StepTitle>
        <p>
          Put the parts together (the whole bot, with its command-line options, is{' '}
          <code>
            {language === 'typescript'
              ? 'scripts/examples/realtime-bot.ts'
              : 'scripts/examples/python_bot.py'}
          </code>
          ) and start it with the item you want and the copper you offer:
        </p>
        <Code label={`${label}: run the bot`}>{runCommand(language, origin)}</Code>
        <p>It prints what happens, line by line:</p>
        <Code label="The bot's output">{SAMPLE_OUTPUT}</Code>
      </section>
    </article>
  );
}
