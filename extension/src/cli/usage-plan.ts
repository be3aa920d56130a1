// The usage text's sections on the plan's commands and on checkpoints (usage.ts puts
// the whole text together).
/** Plan first and the plan commands: plan, history, edit, run --item, run --from. */
export const PLAN_COMMANDS = `Plan first: without a terminal and without --approve-plan, the turn ends with
turnEnd awaiting-approval (exit 0) and the proposed plan on stdout (with --json in
"proposed": { planSeq, todos }); approve records the decision (--reject gives the
model your feedback) and run --session <id>, with or without a prompt, goes on.
After an approval, a model write that adds or rewords items asks again: the turn ends
awaiting-approval with exit 3 and "plan changed since approval: n added, m reworded"
on stderr (--approve-plan approves the first proposal only); approve, then run --session.

plan --at <seq>: the standing plan as of that event (its seq in the log).
history: every plan version (model write or user edit) with its time, author and
changes; --format json prints [{ seq, ts, by, todos, changes }], each todo with its
itemId (kept across versions). --diff: the last version against the one before it (or
the version standing at --from <seq>): added, removed, reworded, moved, status.
comment: a comment on plan item n of the standing plan (--resolve <seq>: mark the
comment at that event resolved); refused (exit 1) while another process writes the
session. comments: each comment and its state (unresolved, addressed, stale, resolved).
approve --reject with no text: the unresolved comments, each quoting its item, are the
feedback; run --session <id> --comments: they are the prompt (after its own words).
edit: one user edit of the standing plan (items numbered from 1; status is pending,
in_progress or completed), which the model is told at its next request. Refused
(exit 1) while another process writes the session. The parallel policy defaults to
true here; pass false to hold the edit to at most one item in progress.
edit --from-file: the plan as a Markdown checklist in the shape plan --format
markdown prints ("- [x] done", "- [ ] **working** _(in progress)_", "- [ ] to do"),
or spec-kit's or Kiro's tasks.md (import makes one a new session), read as ONE user
edit from the plan file: unchanged, nothing appended (exit 0); a
file todo_write's rules refuse, nothing appended (exit 1, one line).
edit --check <n>=<command>: item n's check, one command line (--check <n>= removes it).
verify: runs the checks of the completed items (or of item n, --item) in the log's
workspace, in bash's sandbox (no network unless --bash-network), one at a time, each
recorded as a check/result; --timeout-seconds (default 300); --due: only the checks not
yet run for their item's completion. A check from the plan file
never accepted is not run (it says so); --yes accepts it for good. Exit 0 when every
check it ran passed and none waits for acceptance, 1 otherwise. Ends with the summary
(3/5 · 2 verified).
run --item <n>: with --session, item n becomes in progress by a user edit (with
--allow-parallel-in-progress false the item in progress before goes back to pending)
and a turn starts whose prompt names the item and carries the plan; an item that
does not exist: exit 2, nothing appended.
run --all: with --session, the pending items one after another, each started as
--item starts one; the next starts only when the item ended completed with no flag,
else the run stops saying why. Exit 0 when every item ended so, 1 otherwise; --json:
{ items: [{ n, content, outcome: completed|flagged|failed|stopped|not-run, flag? }] }.
run --parallel [<n>]: with --session, the pending items whose dependencies are met (or
--items') at once, at most n (1 to 8; no n: 3), each a child session in its own git worktree
(outside the workspace) on the branch agent-checklist/<session>/<n>-<slug> made from
HEAD, its changes committed there by "Agent Checklist"; with --agent, each child is that
ACP agent's session. Refused (exit 1) outside a git
repository or with uncommitted changes to tracked files unless --from-head. Exit 0
when every item ended completed, 1 otherwise; --json: { items: [{ n, content,
outcome, branch }] }. merge --item <n>: the item's branch merged --no-ff, then its
worktree and branch removed; a conflict: nothing changed, exit 1 naming the files.
discard --item <n>: its worktree and branch removed.
run --from <log.jsonl>: a new session (our agent, or --agent) whose log begins with
that session's standing plan as a user edit naming it; the first request carries
every item and its status. The log may be an imported one (import).
board: every plan in one list: the session logs in --session-dir (default: --cwd's
.agent-checklist/sessions), the followed agents' sessions of --cwd (default: the
current folder) and the plan file (--plan-file, else .vscode/settings.json's
agentChecklist.planFile, else PLAN.md) on every branch and remote-tracking branch of
its git repository. Text: one line per card (title or branch, state, done/total,
agent); --format json: [{ source, agent, id, title, state, completed, total, active,
updatedAt, branch?, path?, reason? }]. Needs you first (needs-approval, waiting,
stalled, flagged; oldest first). What cannot be read is a card unreadable (exit 0).`;

/** Checkpoints and the commands that read them: changes, revert. */
export const CHECKPOINTS = `Checkpoints: before the first workspace-changing call of a step (write_file, edit_file,
bash, subagent; an ACP agent's edits and commands, as soon as we hear of them) and one
closing the turn, run takes a checkpoint of the workspace with the machine's git in a
shadow repository under $XDG_STATE_HOME/agent-checklist/checkpoints (default
~/.local/state/agent-checklist/checkpoints), never in the workspace's own .git. Left
out: what the workspace's .gitignore files ignore, files over 5 MB, nested repositories
and folders named node_modules, .venv, venv, __pycache__, .tox, .gradle,
.agent-checklist and .vscode-test.
changes: what plan item n changed (from before it started to when it completed, or
to now): a patch, or --format json { item, from, to, files: [{ path, status, added,
removed }] }.
revert: restores the files item n changed to before it started and puts the item
back to pending (the model is told). Refused (exit 1, the files listed, nothing
written) when a later change touched the same lines. Asks on a terminal; without one
it needs --yes (exit 2 otherwise).`;
