// The events composed into THE event map (events.ts) that are written `ignorable`: the
// user's own decisions and records beside the conversation, which no fold of an older
// reader needs (it skips them and still reads the log): plan review's (review-events.ts),
// items' checks (check-events.ts) and items run in parallel (item-run-events.ts).
import { checkEventDataFields } from './check-events';
import { itemRunEventDataFields } from './item-run-events';
import { reviewEventDataFields } from './review-events';

export const ignorableEventDataFields = {
  ...reviewEventDataFields,
  ...checkEventDataFields,
  ...itemRunEventDataFields,
};
