// The extension's ApprovalGate: pending questions the Agent view shows inline
// (Approve / Always allow / Deny). The gate only keeps the list and settles each
// question once: by the user's answer (`decide`, from the webview's validated
// `approve` message), or by withdrawal when the call's signal aborts (Stop), which
// rejects so the core records "stopped before it was approved". Every change of
// the list fires `onDidChange` with the whole list (the webview replaces its copy).
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { Owner } from '../../core/disposable';
import type { ApprovalDecision, ApprovalGate, ApprovalRequest } from '../../core/tools/approvals';

/** A question waiting for the user, as the webview shows it. */
export interface PendingApproval extends ApprovalRequest {
  id: string;
}

interface Waiting {
  approval: PendingApproval;
  settle: (decision: ApprovalDecision | Error) => void;
}

export class WebviewApprovalGate extends Owner implements ApprovalGate, vscode.Disposable {
  private readonly waiting = new Map<string, Waiting>();
  private readonly changed = this.register(new vscode.EventEmitter<PendingApproval[]>());
  /** The whole pending list, after every change. */
  readonly onDidChange = this.changed.event;
  private readonly asked = this.register(new vscode.EventEmitter<PendingApproval>());
  /** A new question (hosts reveal the Agent view so the user sees it). */
  readonly onDidAsk = this.asked.event;

  get pending(): PendingApproval[] {
    return [...this.waiting.values()].map((w) => w.approval);
  }

  request(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision> {
    if (signal.aborted) return Promise.reject(new Error('stopped before approval'));
    const approval: PendingApproval = { id: randomUUID(), ...request };
    return new Promise<ApprovalDecision>((resolve, reject) => {
      const onAbort = (): void => {
        this.settle(approval.id, new Error('stopped before approval'));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(approval.id, {
        approval,
        settle: (decision) => {
          signal.removeEventListener('abort', onAbort);
          if (decision instanceof Error) reject(decision);
          else resolve(decision);
        },
      });
      this.changed.fire(this.pending);
      this.asked.fire(approval);
    });
  }

  /** The user's answer. False when no such question waits (answered already, withdrawn, or unknown). */
  decide(id: string, decision: ApprovalDecision): boolean {
    return this.settle(id, decision);
  }

  private settle(id: string, decision: ApprovalDecision | Error): boolean {
    const waiting = this.waiting.get(id);
    if (!waiting) return false;
    this.waiting.delete(id);
    waiting.settle(decision);
    this.changed.fire(this.pending);
    return true;
  }

  /** Withdraws every question (shutdown): each caller sees a rejection, as after Stop. */
  override dispose(): void {
    for (const id of [...this.waiting.keys()]) this.settle(id, new Error('Agent Checklist is shutting down'));
    super.dispose();
  }
}
