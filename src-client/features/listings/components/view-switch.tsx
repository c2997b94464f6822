import { useId, useState } from 'react';
import { LISTING_VIEW_LABELS, LISTING_VIEWS, type ListingView } from '../../../lib/listings/listing-view';
import './view-switch.css';

/** Cards, list or by item: a group of radio buttons (one Tab stop, the arrow keys choose). */
export function ViewSwitch({ view, onChange }: { view: ListingView; onChange(view: ListingView): void }) {
  const name = useId();
  // The choice shows at once, before the address that holds it has changed (the router's update comes later).
  const [chosen, setChosen] = useState(view);
  const [shownFor, setShownFor] = useState(view);
  if (shownFor !== view) {
    setShownFor(view);
    setChosen(view);
  }
  return (
    <fieldset className="view-switch">
      <legend className="visually-hidden">Show listings as</legend>
      {LISTING_VIEWS.map((value) => (
        <label key={value} className={value === chosen ? 'is-checked' : undefined}>
          <input
            type="radio"
            name={name}
            value={value}
            checked={value === chosen}
            onChange={() => {
              setChosen(value);
              onChange(value);
            }}
          />
          {LISTING_VIEW_LABELS[value]}
        </label>
      ))}
    </fieldset>
  );
}
