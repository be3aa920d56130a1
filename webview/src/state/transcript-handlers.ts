// The transcript family of host messages (reducer.ts composes the families): rows
// upserted, older pages, the live stream, an answer's Markdown and the subagent panel's
// rows.
import type { HostMessageHandlers } from '@core/protocol/messages';
import { isCommitted, upsertItems, withMarkdown } from './transcript-items';
import type { ViewState } from './view-state';

type TranscriptMessage = 'items' | 'page' | 'stream' | 'markdown' | 'childDelta';

/** The transcript's messages' effects on the view. */
export const transcriptHandlers: Pick<HostMessageHandlers<ViewState>, TranscriptMessage> = {
  items: (view, message) => {
    const items = upsertItems(view.items, message.items);
    const stream = view.stream && isCommitted(items, view.stream) ? null : view.stream;
    return { ...view, items, stream };
  },
  // Older history: the plan is the host's and stays as it is.
  page: (view, message) => ({ ...view, items: upsertItems(view.items, message.items), cursor: message.cursor }),
  stream: (view, message) => ({
    ...view,
    stream: message.stream && isCommitted(view.items, message.stream) ? null : message.stream,
  }),
  markdown: (view, message) => {
    const { panel } = view;
    return {
      ...view,
      items: view.session?.id === message.sessionId ? withMarkdown(view.items, message) : view.items,
      panel:
        panel?.kind === 'child' && panel.view.sessionId === message.sessionId
          ? { kind: 'child', view: { ...panel.view, items: withMarkdown(panel.view.items, message) } }
          : panel,
    };
  },
  childDelta: (view, message) => {
    const { panel } = view;
    // a panel since closed or replaced
    if (panel?.kind !== 'child' || panel.view.sessionId !== message.sessionId) return view;
    return {
      ...view,
      panel: {
        kind: 'child',
        view: {
          ...panel.view,
          items: upsertItems(panel.view.items, message.items),
          ...(message.plan !== undefined ? { plan: message.plan } : {}),
          ...(message.running !== undefined ? { running: message.running } : {}),
        },
      },
    };
  },
};
