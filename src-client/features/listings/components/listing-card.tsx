import { memo, useId, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LazyPresenceMark } from '../../../components/presence/lazy-presence-mark';
import { LazyTraderRecord } from '../../../components/reputation/lazy-trader-record';
import type { Listing } from '../../../../src-common/schemas/listing';
import { closedLabel } from '../../../../src-common/trade';
import { EpisodeBadge, ProfessionBadge, RarityBadge } from '../../../components/badges/badges';
import { UserName } from '../../../components/badges/user-name';
import { ReportButton } from '../../../components/report/report-button';
import { ARROW_KEYS_HINT_ID, useOneTabStop } from '../../../components/one-tab-stop';
import { offerPath } from '../../../lib/offer-intent';
import { PriceTiers } from '../../../components/money/price-tiers';
import { itemPath } from '../../../lib/item-path';
import { selectUser, useSession } from '../../../lib/session';
import { confirmCloseListing } from '../close-listing';
import { useListingLinkState } from '../browse-return';
import { confirmDeleteListing } from '../delete-listing';
import { quantityText, shownTotal } from '../listing-stock';
import { selectListing, useListings } from '../../../lib/listings/listings-store';
import { isListingOwner } from '../ownership';
import { timeAgo, useNow } from '../../../lib/time-ago';
import { CombatStats } from './combat-stats';
import { ItemImage } from '../../../components/item-image';
import './listing-card.css';

interface ListingCardProps {
  listing: Listing;
  /** Arrived live: briefly highlighted. */
  fresh?: boolean;
  /** The player just posted or saved it: highlighted once, without motion when motion is reduced. */
  justSaved?: boolean;
  /** The post form's preview of a draft: no links, no actions. */
  preview?: boolean;
  /** On the detail page the card is the page: no link to itself. */
  standalone?: boolean;
  /** Under a section heading (profile tabs) the card's title is one level deeper; on the detail page it is the h1. */
  headingLevel?: 1 | 2 | 3;
}

/** The owner's changes: an active listing can be edited and closed; a closed one can be posted again (Relist). */
function OwnerActions({
  listing,
  standalone,
  item,
}: {
  listing: Listing;
  standalone: boolean;
  item: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <>
      {listing.status === 'active' ? (
        <>
          <button type="button" className="btn small" onClick={() => navigate(`/post?edit=${listing.id}`)}>
            Edit{item}
          </button>
          <button type="button" className="btn small" onClick={() => confirmCloseListing(listing)}>
            Close listing{item}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="btn small primary"
          onClick={() => navigate(`/post?relist=${listing.id}`)}
        >
          Relist{item}
        </button>
      )}
      <button
        type="button"
        className="btn small danger"
        onClick={async () => {
          if ((await confirmDeleteListing(listing)) && standalone) navigate('/alllistings');
        }}
      >
        Delete{item}
      </button>
    </>
  );
}

/**
 * The card's foot: when it was posted, and what the viewer can do with it: Report, then Make an offer
 * (on another player's active listing) and View in a list, or the owner's changes. On the detail page
 * the page itself offers and shows the listing.
 */
function CardFoot({
  listing,
  owner,
  standalone,
  children,
}: {
  listing: Listing;
  owner: boolean;
  standalone: boolean;
  children: ReactNode;
}) {
  const linkState = useListingLinkState();
  // Each control names its item for a screen reader moving from control to control ("Edit Rapier").
  const item = <span className="visually-hidden"> {listing.item}</span>;
  const offer = !standalone && !owner && listing.status === 'active';
  return (
    <div className="row listing-foot" role="group" aria-label={`Actions for ${listing.item}`}>
      {children}
      <ReportButton
        target={{ type: 'listing', id: listing.id }}
        ownerId={listing.userId}
        subject={`${listing.item} by ${listing.seller}`}
      />
      {(!standalone || owner) && (
        <div className="row listing-actions">
          {offer && (
            <Link className="btn small primary" to={offerPath(listing.id)} state={linkState}>
              {listing.type === 'buy' ? 'Offer to sell' : 'Make an offer'}
              {item}
            </Link>
          )}
          {!standalone && (
            <Link className="btn small" to={`/listing/${listing.id}`} state={linkState}>
              View{item}
            </Link>
          )}
          {owner && <OwnerActions listing={listing} standalone={standalone} item={item} />}
        </div>
      )}
    </div>
  );
}

/** One listing, as the browser, profiles, detail page and post preview show it. */
export function ListingCard({
  listing,
  fresh = false,
  justSaved = false,
  preview = false,
  standalone = false,
  headingLevel = 2,
}: ListingCardProps) {
  const Heading = (['h1', 'h2', 'h3'] as const)[headingLevel - 1];
  const titleId = useId();
  const user = useSession(selectUser);
  const now = useNow();
  const owner = !preview && isListingOwner(listing, user);
  const linkState = useListingLinkState();
  const { ref, onKeyDown } = useOneTabStop<HTMLElement>();
  // In a list the card is one Tab stop (its title); its other links and actions are reached by arrow keys.
  const oneStop = !preview && !standalone;
  const total = shownTotal(listing);
  const time = (
    <time dateTime={listing.timestamp} title={new Date(listing.timestamp).toLocaleString()}>
      {timeAgo(listing.timestamp, now)}
    </time>
  );
  // The title opens the listing; on the detail page, where the card is the page, it opens the item's market.
  let title: ReactNode = listing.item || 'Select an item';
  if (!preview) {
    title = standalone ? (
      <Link to={itemPath(listing.item)}>{listing.item}</Link>
    ) : (
      <Link to={`/listing/${listing.id}`} state={linkState} aria-describedby={ARROW_KEYS_HINT_ID}>
        {listing.item}
      </Link>
    );
  }
  return (
    <article
      className={`card listing-card${fresh ? ' is-fresh' : ''}${justSaved ? ' is-just-saved' : ''}${listing.status === 'closed' ? ' is-closed' : ''}`}
      aria-labelledby={titleId}
      data-listing-id={preview ? undefined : listing.id}
      ref={oneStop ? ref : undefined}
      onKeyDown={oneStop ? onKeyDown : undefined}
    >
      <div className="listing-head">
        {/* The heading beside it names the item: the picture (or its lettered tile) is decoration. */}
        <ItemImage
          src={listing.image}
          name={listing.item}
          episode={listing.episode}
          category={listing.category}
          decorative
        />
        <div className="listing-head-text">
          <Heading className="listing-title" id={titleId}>
            {title}
          </Heading>
          <div className="row listing-meta">
            <span className={`badge listing-type is-${listing.type}`}>
              {listing.type === 'buy' ? 'Buying' : 'Selling'}
            </span>
            {listing.status === 'closed' && (
              <span className="badge listing-closed">{closedLabel(listing)}</span>
            )}
            <span className="listing-quantity">Quantity: {quantityText(listing)}</span>
            {!preview && !standalone && (
              <Link className="listing-market-link" to={itemPath(listing.item)}>
                Market prices<span className="visually-hidden"> for {listing.item}</span>
              </Link>
            )}
          </div>
          <div className="listing-seller">
            <span className="muted">{listing.type === 'buy' ? 'Buyer' : 'Seller'}: </span>
            {preview ? (
              <span className="user-name">{listing.seller}</span>
            ) : (
              <>
                <UserName name={listing.seller} userId={listing.userId} flags={listing.user_flags} />{' '}
                <LazyPresenceMark userId={listing.userId} />
                <LazyTraderRecord userId={listing.userId} ownLine />
              </>
            )}
          </div>
        </div>
      </div>

      <div className="row listing-badges">
        <EpisodeBadge episode={listing.episode} />
        {listing.professions.map((p) => (
          <ProfessionBadge key={p} profession={p} />
        ))}
        <RarityBadge rarity={listing.rarity} />
      </div>

      <dl className="listing-prices">
        <div>
          <dt>Price each</dt>
          <dd>
            <PriceTiers copper={listing.price} />
          </dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>
            <PriceTiers copper={total.copper} />
            {total.left !== null && (
              <span className="listing-total-left"> for the {total.left.toLocaleString('en-US')} left</span>
            )}
          </dd>
        </div>
      </dl>

      <CombatStats listing={listing} />

      {listing.notes && <p className="listing-notes">{listing.notes}</p>}

      {preview ? (
        <p className="listing-time muted">{time}</p>
      ) : (
        <CardFoot listing={listing} owner={owner} standalone={standalone}>
          <p className="listing-time muted">{time}</p>
        </CardFoot>
      )}
    </article>
  );
}

/** A card bound to the store: re-renders only when this listing changes. */
export const ListingCardById = memo(function ListingCardById({
  id,
  fresh,
  headingLevel,
}: {
  id: number;
  fresh?: boolean;
  headingLevel?: 1 | 2 | 3;
}) {
  const listing = useListings(selectListing(id));
  return listing ? <ListingCard listing={listing} fresh={fresh} headingLevel={headingLevel} /> : null;
});
