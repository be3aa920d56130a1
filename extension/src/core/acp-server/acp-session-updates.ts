// One session of ours as ACP `session/update`s, in the log's order: the plan (the
// standing plan each time it changes: acp-plan.ts), the tool calls (acp-tool-calls.ts:
// `tool_call` when the call is logged, `tool_call_update` in_progress once approved,
// then its result) and the model's text. Live, the text comes from the loop's deltas
// as it streams (the log holds it only once the step ends); replaying a stored log
// (`session/load`), it comes from the logged messages, with the user's prompts.
// The same fold (SessionFolds) serves both, so a replay says what the live run said.
import type { SessionUpdate } from '@agentclientprotocol/sdk';
import type { LiveDelta } from '../session/live-delta';
import type { Disposable } from '../disposable';
import { SessionFolds, type FoldsChange } from '../plan/session-folds';
import type { SessionEvent } from '../session/events';
import type { Session } from '../session/session';
import { acpPlanEntries } from './acp-plan';
import { acpCallFields, acpCallResult, type AcpCallInput } from './acp-tool-calls';

export type AcpUpdateSink = (update: SessionUpdate) => void;

export class AcpSessionUpdates {
  private readonly folds = new SessionFolds({ transcript: null });
  /** The open turn's calls as the model made them, by id (its assistant message comes before its tool/call). */
  private readonly calls = new Map<string, AcpCallInput>();
  /** Calls the client was told of: only these get updates. */
  private readonly announced = new Set<string>();

  constructor(
    private readonly sessionId: string,
    private readonly cwd: string,
    private readonly send: AcpUpdateSink,
  ) {}

  /** A stored log told to the client as it happened (session/load): prompts, text, calls and the plan. */
  replay(events: Iterable<SessionEvent>): void {
    for (const event of events) this.take(this.folds.apply(event), event, true);
  }

  /** The session's appends from now on (the events it holds already were replayed or are only its header). */
  follow(session: Session): Disposable {
    return this.folds.follow(session, (change, event) => this.take(change, event, false));
  }

  /** The loop's live text of this session (a subagent's text stays on its own log). */
  readonly delta = (delta: LiveDelta): void => {
    if (delta.sessionId !== this.sessionId || delta.kind === 'reset' || delta.text === '') return;
    this.send({
      sessionUpdate: delta.kind === 'text' ? 'agent_message_chunk' : 'agent_thought_chunk',
      content: { type: 'text', text: delta.text },
    });
  };

  private take(change: FoldsChange, event: SessionEvent, replaying: boolean): void {
    if (change.plan) this.send({ sessionUpdate: 'plan', entries: acpPlanEntries(this.folds.standingPlan) });
    switch (event.type) {
      case 'turn/start':
        this.calls.clear();
        this.announced.clear();
        return;
      case 'user/message':
        if (replaying)
          this.send({ sessionUpdate: 'user_message_chunk', content: { type: 'text', text: event.data.message.text } });
        return;
      case 'assistant/message':
        for (const block of event.data.message.content) {
          if (block.type === 'tool-call') this.calls.set(block.id, { name: block.name, arguments: block.arguments });
          else if (replaying && block.text !== '')
            this.send({
              sessionUpdate: block.type === 'text' ? 'agent_message_chunk' : 'agent_thought_chunk',
              content: { type: 'text', text: block.text },
            });
        }
        return;
      case 'tool/call': {
        const call = this.calls.get(event.data.callId) ?? {
          name: event.data.name,
          arguments: event.data.arguments ?? '',
        };
        this.announced.add(event.data.callId);
        this.send({
          sessionUpdate: 'tool_call',
          toolCallId: event.data.callId,
          status: 'pending',
          ...acpCallFields(call, this.cwd),
        });
        return;
      }
      case 'tool/approval':
        if (
          this.announced.has(event.data.callId) &&
          (event.data.decision === 'approve' || event.data.decision === 'approve-always')
        ) {
          this.send({ sessionUpdate: 'tool_call_update', toolCallId: event.data.callId, status: 'in_progress' });
        }
        return;
      case 'tool/result': {
        const call = this.calls.get(event.data.callId);
        if (call === undefined || !this.announced.has(event.data.callId)) return;
        this.send({
          sessionUpdate: 'tool_call_update',
          toolCallId: event.data.callId,
          ...acpCallResult(call, event.data, this.cwd),
        });
        return;
      }
      default:
        return;
    }
  }
}
