import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ItemGroupSort } from '../../../../src-common/listing-groups';
import type { GroupLevel, ItemGroup } from '../../../../src-common/schemas/listing-groups';
import { ItemImage } from '../../../components/item-image';
import { LoadState, type LoadStatus } from '../../../components/load-state/load-state';
import { PriceTiers } from '../../../components/money/price-tiers';
import { countLabel } from '../../../lib/count-label';
import { itemPath } from '../../../lib/item-path';
import { useResync } from '../../../lib/live-sync';
import type { BrowseFilters } from '../../../lib/listings/browse-filters';
import { onServerEvent } from '../../../lib/socket';
import { timeAgo, useNow } from '../../../lib/time-ago';
import { itemGroupActions, itemGroupsQuery, useItemGroups } from '../item-groups-store';
import { useFirstNewFocus } from '../use-first-new-focus';
import './listing-row.css';

function Level({ label, level, side }: { label: string; level: GroupLevel | null; side: 'ask' | 'bid' }) {
  return (
    <span className={`item-group-level is-${side}`}>
      <span className="item-group-label">{label}</span>
      {level ? (
        <span>
          <PriceTiers copper={level.unitPrice} />{' '}
          <span className="muted">× {level.quantity.toLocaleString('en-US')}</span>
        </span>
      ) : (
        <span className="muted">None</span>
      )}
    </span>
  );
}

function ItemGroupRow({ group, now }: { group: ItemGroup; now: number }) {
  return (
    <li className="item-group-row" data-item={group.item}>
      <ItemImage
        src={group.image}
        name={group.item}
        episode={group.episode}
        category={group.category}
        size={32}
        decorative
      />
      <span className="item-group-name">
        <Link to={itemPath(group.item)}>{group.item}</Link>
        <span className="muted item-group-count">{countLabel(group.listings, 'listing', 'listings')}</span>
      </span>
      <Level label="Lowest ask" level={group.lowestAsk} side="ask" />
      <Level label="Highest bid" level={group.highestBid} side="bid" />
      <span className="item-group-level is-last">
        <span className="item-group-label">Last trade</span>
        {group.lastTrade ? (
          <span>
            <PriceTiers copper={group.lastTrade.unitPrice} />{' '}
            <time className="muted" dateTime={group.lastTrade.at}>
              {timeAgo(group.lastTrade.at, now)}
            </time>
          </span>
        ) : (
          <span className="muted">None yet</span>
        )}
      </span>
    </li>
  );
}

/**
 * The listings that match the filters, one row per item: how many, the lowest ask and highest bid among
 * them, and the item's last trade, each linking to the item's market. Read from the server, which sees
 * every matching listing, and read again whenever a listing changes.
 */
export function ItemGroups({
  filters,
  sort,
  aside,
  empty,
}: {
  filters: BrowseFilters;
  sort: ItemGroupSort;
  /** Shown beside the count (Save search). */
  aside?: ReactNode;
  /** What shows when no item matches. */
  empty: ReactNode;
}) {
  const key = itemGroupsQuery(filters, sort).toString();
  const view = useItemGroups();
  const now = useNow();
  const list = useRef<HTMLUListElement>(null);
  const expectNew = useFirstNewFocus(list, view.rows.length);
  useEffect(() => itemGroupActions.show(key), [key]);
  useEffect(() => {
    const off = [
      onServerEvent('listing:created', itemGroupActions.refresh),
      onServerEvent('listing:updated', itemGroupActions.refresh),
      onServerEvent('listing:deleted', itemGroupActions.refresh),
    ];
    return () => off.forEach((stop) => stop());
  }, []);
  useResync(itemGroupActions.refresh);

  const status: LoadStatus =
    view.status === 'error' ? 'error' : view.key === key && view.status !== 'loading' ? 'ready' : 'loading';
  const remaining = Math.max(0, view.total - view.rows.length);
  return (
    <LoadState
      status={status}
      loadingLabel="Loading items"
      error={view.refusal ?? 'Failed to load items'}
      onRetry={itemGroupActions.retry}
    >
      <div className="row browse-summary">
        <p className="browse-count" role="status">
          {countLabel(view.total, 'Item', 'Items')} listed
        </p>
        {aside}
      </div>
      {view.rows.length === 0 ? (
        empty
      ) : (
        <ul ref={list} className="listing-rows item-groups" aria-label="Items">
          {view.rows.map((group) => (
            <ItemGroupRow key={group.item} group={group} now={now} />
          ))}
        </ul>
      )}
      {remaining > 0 && (
        <button
          type="button"
          className="btn browse-more"
          onClick={() => {
            expectNew();
            itemGroupActions.showMore();
          }}
        >
          Show More ({remaining.toLocaleString('en-US')} more items)
        </button>
      )}
    </LoadState>
  );
}
