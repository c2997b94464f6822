/** Told of each entry a read model takes in, changes or drops (order books, the read model store). */
export interface IndexObserver<T> {
  /** `before` and `after` as the read model held them: undefined before a create and after a delete. */
  changed(before: T | undefined, after: T | undefined): void;
  /** The read model was filled anew (start-up): every entry it now holds. */
  reset(entries: Iterable<T>): void;
}
