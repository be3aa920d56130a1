// `npm run bench`: runs every suite (or those named: `npm run bench -- store`), writes
// bench/results/<suite>.json and BENCHMARKS.md. Wall-clock numbers on this machine;
// nothing here is asserted by tests.
import { machine, writeBenchmarksMd, writeSuite, type Metric } from './report';
import { runStoreBench } from './store.bench';
import { runLoopBench } from './loop.bench';
import { runWebviewBench } from './webview.bench';
import { runFollowBench } from './follow.bench';
import { runStepsBench } from './steps.bench';
import { runBundleBench } from './bundle.bench';
import { runMcpBench } from './mcp.bench';
import { runExternalBench } from './external.bench';
import { runSecurityBench } from './security.bench';
import { runMarkdownDelayBench } from './security-markdown-delay';
import { runContextBench } from './context.bench';
import { runLiveBench } from './live.bench';
import { runOpenBench } from './open.bench';
import { runAgentsBench } from './agents.bench';
import { runAcpBench } from './acp.bench';
import { runCheckpointsBench } from './checkpoints.bench';
import { runToolsBench } from './tools.bench';
import { runPackagesBench } from './packages.bench';
import { runBoardBench } from './board.bench';
import { runParallelBench } from './parallel.bench';

interface Suite {
  name: string;
  method: string;
  run: (log: (line: string) => void) => Metric[] | Promise<Metric[]>;
}

const suites: Suite[] = [
  {
    name: 'store',
    method:
      "Synthetic logs of realistic turns written as valid JSONL to the OS temp folder (page cache warm after writing). Restore = the reverse tail reader (readRecentPlan, unbounded), median of 50 runs after 3 warm-ups. Replay = replayLogFile (streamed: zod validation of envelope and data of every line, every invariant) folding the todos projection, vs. forEachLine + JSON.parse of the same file, best of 5 runs each after 1 warm-up each, the two interleaved (bare, full, bare, full, …) so both see the same machine load. Replay's schemas are zod's compiled ones (z.compile, a schema compiled after its first 256 values in the process, i.e. during the warm-up or first run of the 1 MB log; the runtime parser answers every rejection). Append = Session.append through the file sink, per event over 200 turns of 6 events (turn/end is fsync'd and reported apart), on a fresh session and on a 1,000,000-event log reopened for writing.",
    run: runStoreBench,
  },
  {
    name: 'loop',
    method:
      'runTurn with the scripted model (zero model time) over turns of todo_write steps; time per step, in memory and through the file sink (fsync at tool/call and turn/end). Median of 20 turns after 3 warm-ups.',
    run: runLoopBench,
  },
  {
    name: 'ui',
    method:
      "Live update latency in the real webview: code-server (VS Code 1.100.3) with the extension from dist/ (development build) in Debian's headless Chromium, same machine and so the same wall clock for both ends. A scripted session (provider = scripted) makes 30 todo_write calls 200 ms apart; write k has k items completed, so every strip header differs. A MutationObserver installed in the webview document records Date.now() the first time each distinct strip header text is in the DOM (and again in the next requestAnimationFrame callback); the host time is the `ts` of each todo/write line of the session log (loaded with loadLogFile, each expected header computed with stripHeader). Latency = webview time − ts, per write, so it covers the file append, the host's notify and postMessage, the reducer and the render. Both clocks have 1 ms resolution.",
    run: runWebviewBench,
  },
  {
    name: 'live',
    method:
      "Live update latency in the real webview, 10,000-event transcript vs empty: code-server (VS Code 1.100.3) in Debian's headless Chromium with the extension from dist/ (development build), the Agent view open. The large session is primed on disk: bench/synthetic-log.ts writes 10,000+ events of whole turns (user prompt, reasoning, two todo_write calls with their todo/write and results, a text answer), loadLogFile checks every line (schemas and invariants), and the file is moved into the window's own session folder, which lists it; it is opened from the Agent view's session list, as a user resumes a session (the host reads and validates the whole log; the page gets the latest page of 200 events). Each live update is a step of a scripted-model turn of the editor's own agent (40 todo_write calls 200 ms apart: the path a user watches, and the one a 10,000-event session must keep fast; an external writer would add the follower's 20 ms debounce to both sides). Turns in one window: a warm-up, A1 = a new session (empty transcript), the 10,000-event session with its latest page, A2 = a new session, the 10,000-event session again after \"Show earlier messages\" until every page is in the page (each page makes the transcript taller), then the reader scrolls from its top to its end a screen at a time and must meet every prompt and todo_write row of the log (the transcript is windowed: only the blocks near the screen are in the DOM, how many at the top is reported), and the turn runs with the reader back at the top, A3, the same again (the same scroll-through first) read from the transcript's end, A4; every measured turn starts 3 s after its set-up (as a user types the prompt), the same for every case; each 10,000 case's ratio is to the pooled samples of the empty turns either side of it (latest page: A1+A2, every page: A2+A3, read from the end: A3+A4), so drift over the run cancels, and the empty line reports all four. Per step, a MutationObserver in the webview document records Date.now() when the todo_write row (by call id) turns done and when the strip header shows the new counts (and the next animation frame); a capturing message listener on the webview window records when the items/plan message arrived (before the page's own handler: checkHostMessage, reducer, preact's render). Latency = DOM time − the `ts` of the tool/result (row) or todo/write (strip) line in the session log; same machine, same clock, 1 ms resolution. The host's folds, VS Code's transport and any wait for the renderer's main thread are not separated (all are in append → message arrived). Where the time goes: a Chrome trace (CDP Tracing, devtools.timeline) of 10 more, unmeasured steps with every page loaded, read from the transcript's end (scrolled there first: the reader who follows the live end; afterwards it must still be within 24 px of its end, which shows the transcript follows with the far blocks as placeholders), and 10 in A4's session, summed by event name. The measured every-page turn runs where \"Show earlier messages\" left the reader (the top); a second measured every-page turn runs scrolled to the transcript's end first (the reader who follows the live rows, which are then on screen), and must still be at its end afterwards.",
    run: runLiveBench,
  },
  {
    name: 'bundle',
    method:
      "Bundle sizes: scripts/build.mjs --production (minified, no source maps) run in a scratch folder linked to the sources, so dist/ keeps the development build; an entry's start counts dist/cjs-runtime.js too (the CommonJS helpers its files require); 1 KB = 1024 bytes; the webview target applies to main.js. Activation: code-server (VS Code 1.100.3) in Debian's headless Chromium loads that production build (as extensionDevelopmentPath), a fresh server and user-data folder per run; opening the Agent Checklist container activates the extension, and activate() logs the time from its first line to its return (performance.now()), read back from the extension's log file. Median of 5 runs.",
    run: runBundleBench,
  },
  {
    name: 'follow',
    method:
      "In-process, on this machine. Follower: a synthetic log of 1 MB and of 100 MB (bench/synthetic-log.ts) loaded once as a read-only window does, then 1,200 events appended as JSONL lines (whole todo_write steps); per event, the time of LogFollower.readAppended (the appended bytes only, each line validated with the same schemas and invariant checker) + Session.ingest with its subscribers (the todos fold, TranscriptFolder, planView): median over the events. Live update: a session with 0 or 10,000 prior events whose whole transcript is in the page (snapshot of every item, as if all pages were loaded); 200 todo_write steps appended; per event, append -> host folds -> host message -> structuredClone -> checkHostMessage (the webview's type and seq check) -> reducer -> preact render of the whole AgentView into happy-dom: median per event. The postMessage transport of VS Code is not in it (the ui suite measures that in the real webview).",
    run: runFollowBench,
  },
  {
    name: 'steps',
    method:
      "The real workbench: code-server (VS Code 1.100.3) in Debian's headless Chromium with the extension from dist/ (development build), the Agent view open. One scripted session (no model delay) runs a turn of 50 todo_write steps, then a turn of 400 (so the 400-step turn has the larger transcript); per-step cost = (turn/end ts − turn/start ts) / steps from the session log, which covers the loop, the file appends, every post to the webview and the host side of the Plan tree and status bar.",
    run: runStepsBench,
  },
  {
    name: 'mcp',
    method:
      'The built CLI (dist/cli.js mcp, development build) driven over stdio by the official SDK client (@modelcontextprotocol/sdk 1.32.2) in this process: 220 todo_write calls of an 8-item list, each awaited; per call, callTool -> validation -> todo/write appended to the session log (a temp folder) -> result at the client. Median and p95 of the last 200. The external write -> status bar text latency is the external suite.',
    run: runMcpBench,
  },
  {
    name: 'external',
    method:
      "The real workbench: code-server (VS Code 1.100.3) in Debian's headless Chromium with the extension from dist/ (development build), the Agent Checklist container open, followExternal `latest`. The external agent is the built CLI's MCP server (dist/cli.js mcp) started in the workspace folder and driven over stdio by the SDK client (@modelcontextprotocol/sdk 1.32.2) in the bench process. Followed session: after a first write that opens it, 30 todo_write calls 300 ms apart, each changing the status bar text; latency = the time a MutationObserver in the workbench page first saw the new text of the status bar item (Date.now()) − the `ts` of that todo/write line in the session log (written by the MCP server process; same machine, same clock, 1 ms resolution). It covers the append, fs.watch in the extension host, the read-only follower's 20 ms debounce and incremental read, the folds, the status bar update and its way through code-server to the page. Also the client's view: callTool start -> text in the page. New session: 5 new MCP connections, one write each; log ts of the first todo/write -> status bar text (the folder watcher's 60 ms settle, the read of the plan seq from the file end, opening the log read-only).",
    run: runExternalBench,
  },
  {
    name: 'security',
    method:
      "In process (node, tsx), the real code paths. grep: the grep tool through the ToolRegistry over one 4 MB file of 100,000 lines of 40 `a` and a `!` (no line matches), RE2 (re2-wasm) loaded before timing; median of 5 after 1 warm-up, plain `needle` vs catastrophic `^(a+)+$`. Markdown: markdownTree (micromark + GFM on the host) of an answer with runs of n backticks, then the real Transcript component rendered into happy-dom; median of 5 (200) or 3 (20,000) after 1 warm-up. Markdown worker (issue 20): each case (an ordinary 20 KB answer, `*_` × 10,000 and × 30,000, 20,000 nested `[`, 20,000 link references) parsed once through MarkdownParser (the worker thread, 250 ms deadline; before each case a small answer is parsed, so a worker is started and ready: a case past the deadline replaced it); host block = the longest wait between ticks of a setInterval(…, 10) during the parse minus 10 ms. Stop during a parse (issue 20, bench/security-markdown-stop.ts): per case, runTurn (the real loop, in memory) with the scripted model answering the case's text and a todo_write call, its next request waiting 60 s; the transcript fold and AnswerPresenter (the Agent view's path, the real worker, a small answer parsed before each case) present the row, which starts its parse, and the turn's AbortController is aborted at the next setImmediate, while the parse is under way; Stop = abort -> runTurn returned (aborted); host block = the same interval's longest gap minus 10 ms from the turn's start until the row's `markdown` message; fold + present = the synchronous time of TranscriptFolder.apply and AnswerPresenter.present for the row. Idle: the same interval for 2 s with nothing to do, the shared machine's own noise (reported with the run's 1-minute load average in BENCHMARKS.md). write_file memory (issue 20): one 9 MB write_file call (raw JSON arguments, as a model sends them) in a child process of its own (bench/write-memory-child.ts), 10 runs; growth = VmHWM after the call (the peak reset through /proc/self/clear_refs just before it) minus RSS before it, over the content size. plan vs check: the CLI's main() on a valid one-turn log whose last line (a tool/result) is 64 MB, median of 3 each, page cache warm.",
    run: runSecurityBench,
  },
  {
    name: 'security-markdown',
    method:
      "Issue 20's target \"the host's event loop never blocks more than 50 ms on model text\", with Node's own event-loop delay histogram: perf_hooks.monitorEventLoopDelay at 1 ms resolution (each sample is the time between two ticks of its timer; the 1 ms period is subtracted), in process (node, tsx), the real code paths. Per case (an ordinary 20 KB answer, `*_` × 10,000 and × 30,000, 20,000 nested `[`, 20,000 link references; each round's text gets its own suffix so the parser's cache never answers), 5 rounds of: a small answer presented first (a worker started and ready: a case past the deadline replaced it), then the case: runTurn (the real loop, in memory) with the scripted model answering the text, the transcript fold (TranscriptFolder) and AnswerPresenter (the Agent view's host path; the real worker thread, 250 ms CPU deadline, then plain text) presenting the row, the histogram enabled from the turn's start until the row's `markdown` message is posted; then the no-Markdown baseline: the same turn and fold of the same text with no presenter (nothing parses it), its histogram held open as long as the case's window. Also, per window, the main thread's own time on a core and its time waiting in the run queue for one (/proc/thread-self/schedstat, ns), which tells the host's own work from the shared machine's scheduling. Reported per case: the largest max over the 5 rounds and the median of the rounds' p99 and schedstat times, for both. The machine is 2 cores shared with other work: the 1-minute load average is reported.",
    run: runMarkdownDelayBench,
  },
  {
    name: 'context',
    method:
      "In process (node, tsx), the real loop and tools. Request size: runTurn over a 500-step session whose model (at the model edge, zero model time) reads one of 40 files of 3.9 KB with the real read_file tool at each step and writes a 50-item plan with todo_write every 10th step; its summary answer is about 1.5 KB. Size = the model's own count of each request it receives, UTF-8 bytes of the request (system, tool schemas, messages) as JSON / 4, which it also reports back as usage (the loop measures with usage plus its own estimate, bytes / 3). Run once with no window (0: never compacts) and once with a 32,000-token window and the default threshold (80%); the compaction requests are counted apart. deriveMessages(): in-memory sessions built with Session.append (every event validated and checked), turns of 20 read_file steps (106 events), a compaction every 10 turns; logs with about 0, 10,000, 50,000 and 100,000 events before the latest compaction, each followed by the same 5-turn tail (530 events); a 100,000-event log with no compaction for scale. Every log warmed up (200 calls), then 5 interleaved rounds of 200 calls per log; the median of the 1,000, the standing plan folded once beforehand. Every step's request size of both runs is in bench/results/context-curve.csv.",
    run: runContextBench,
  },
  {
    name: 'open',
    method:
      "Host open (the line issue 21 sets): in a child process (node --expose-gc, tsx; bench/open-host-child.ts) the session list's open of the 1,000,000-event log as the extension host does it: openSessionAsync (the log is over 8 MiB, so it is first previewed from its tail, header and plan (readSessionPreview: readRecentPlan within its last 1 MiB), then streamed through the surfaces' folds with the write lock taken and its events left on disk), the latest page's view as the preview's snapshot posts it (readTranscriptPage + planView of the preview's plan, structuredClone'd; \"latest page view ready\" is the time to that point), and ShownSession over the opened session once the open lands (\"opened\"), after a warm-up open of a 40,000-event log in the same process; measured as below (heap above the baseline after a GC before the open, the event-loop probes). It runs twice: with Node's default heap limit, and with its old space capped (--max-old-space-size) at its baseline + 100 MB - 48 MB, the 48 MB left for a full young generation, so an open that needs more than 100 MB of heap above its baseline fails there with an out-of-memory error; V8 collects garbage late when its limit is far, so the uncapped peak counts garbage not yet collected. In process (node --expose-gc, tsx, the bench's 8 GB old space), the real readers and folds. Logs: bench/synthetic-log.ts writes 10,000 and 1,000,000 events of whole turns (309 MB for the million) to the OS temp folder (page cache warm after writing). Streamed open (the path issue 21 asks for): the latest transcript page read from the log's end by byte offset (readTranscriptPage: 200 events widened to whole steps, as the Agent view's snapshot and \"Show earlier messages\" read it) with the standing plan from the tail (readRecentPlan, unbounded), made into the view the host posts (planView) and structuredClone'd as postMessage copies it: \"latest page view ready\" is the time to that point; then the whole log streamed through full validation in 32 KB async reads (streamLogFile: LogAdmitter, the same checks as loadLogFile) into SessionFolds (the ledger and the transcript), keeping no events; the folds' plan must equal the tail's. Load (what openForWrite and openReadOnly do): loadLogFile + Session.restore + SessionFolds over the events in memory, then the same page. Heap = process.memoryUsage().heapUsed sampled every 5 ms and at the end, minus the value after a GC before the open; retained = after a GC once opened. Event-loop block = the larger of perf_hooks monitorEventLoopDelay's max (10 ms resolution) and the longest gap of a 5 ms setInterval probe beyond its period, from the start of the open to 20 ms after its end. One run each after a warm-up on the 10,000-event log; the page alone is also timed 5 times per log (median) for the 10,000 vs 1,000,000 comparison. The load average during the run is in the log line.",
    run: runOpenBench,
  },
  {
    name: 'agents',
    method:
      "Following other agents' own session files (issues 23, 41), for each followed agent: Claude Code, Codex, Gemini CLI and opencode (bench/agent-storage.ts: lines shaped as Claude Code 2.1.328, Codex 0.169.0 and Gemini CLI 0.61.0 write them; bench/opencode-storage.ts: opencode 1.18.33's SQLite database, made with the schema that opencode made (test/fixtures/agent-files/opencode-1.18.33-schema.sql), rows shaped as it writes them, WAL mode, written through node-sqlite3-wasm (no shared memory, so the writer holds the database in exclusive locking mode; our reader opens it through links of its own)). Per-write cost, in process (tsx): the agent's session of 1 MB and of 100 MB (a prompt, then 8 KB text answers; opencode: its database of 1 MB and of 100 MB, filled with other projects' sessions of 8 KB text parts, the followed session a prompt in the `global` project) followed by the code the follower's worker thread runs (FollowedAgentFile; opencode: OpencodeFollower, one read-only snapshot of the database and its WAL per read); after its first read (the whole file, our log written, reported), 200 plan writes made in the agent's file as the agent makes them (Claude Code: a TodoWrite line and its tool_result line; Codex: an update_plan function_call line and its output; Gemini CLI: the model's message, that message again with its write_todos call, the function response; opencode: an assistant message row and its completed todowrite part row in one transaction of one long-lived writer, so writes sit in the -wal file until SQLite's automatic checkpoint at 1000 pages); per write, the time of update(): the appended bytes read (opencode: the database opened read-only in wasm, the WAL's index built from the -wal file, the folder's sessions and the parts after the last one read queried), the reader, our log's append (no fsync: plan writes are not synced). Median and p95, after a warm-up run on 1 MB. Write -> status bar text, in process as the extension host runs it: the agent's home in a temp folder, its session of 64 KB with a first plan, AgentFollowThread (the real worker thread: fs.watch (opencode: its data folder, a change to the database or its WAL), its 40 ms settle, FollowedAgentFile or OpencodeFollower, our log's append) configured for the folder; on each report the host side reads our log's new lines (LogFollower, every line validated), folds the standing plan (foldStandingPlan) and computes the status bar item's text (statusBarSummary); 20 writes 300 ms apart, latency = performance.now() just before the append -> that text is the write's. Not in it: VS Code's StatusBarItem and the window's folder watcher and its debounce (the workbench row has them, for Claude Code). The real workbench (when code-server is installed): code-server (VS Code 1.100.3) in Debian's headless Chromium with the extension from dist/ (development build), its CLAUDE_CONFIG_DIR an empty folder under the server's user data; the transcript's project folder is made after the window started (found by the follower's 2 s look-up), a first write opens the session, then 30 writes 300 ms apart; latency = the MutationObserver's first sight of the new status bar text (Date.now() in the page) − Date.now() just before the append, same machine and clock.",
    run: runAgentsBench,
  },
  {
    name: 'acp',
    method:
      "An ACP agent's updates -> our host (issue 22). In process (node, tsx), the real transport and the product's code: the agent is bench/acp-bench-agent.ts, a child Node process speaking ACP on stdio through @agentclientprotocol/sdk 2.4.0's agent side (its agent() builder; 2.4.0 has no AgentSideConnection). It is a process, not a stream pair in the bench's own process, because AcpAgentSession.open always starts its agent as one (startAcpAgent, spawn) and no seam was added to the product for a bench; stdio to a child is the product's own transport. Our side: AcpAgentSessions.forPrompt (the window's ACP agents; the agent resolved as a user's agentChecklist.acpAgents entry) opens an AcpAgentSession (the SDK's client and its schema checks), AcpTurnLog writes each update onto our log through the file sink (fsync at tool/call and turn/end), and ShownSession (the folds the window's surfaces read: the plan ledger and TranscriptFolder) hears every append; on each plan change the listener calls statusBarSummary (the status bar item's text) and planView with the ledger's timings (the Agent view's plan message). Not in it: the vscode adapters (PlanStatusBar, which also makes the item's tooltip and checks for a stall; VS Code's StatusBarItem; the Plan tree; the Agent view's postMessage): the workbench row has them, for plan updates. Sessions: a new one (0 events), or one reopened for writing through openSessionAsync (as a session picked from the list) from a synthetic log of 10,000+ events of whole turns whose header says it is an ACP session ({kind: \"acp\", ...}; bench/synthetic-log.ts; fsync'd first, so it is on disk as an older log is), the prompt resuming it with our summary of the log. One run = one prompt, in which the agent sends 100 updates 20 ms apart: (a) plan updates of 12 entries (update k completes the items before item k and starts it, cycling, so every update changes the status bar text; priorities high, medium, low), or (b) a tool_call (a read, in_progress) followed at once by its tool_call_update (completed, 20 lines of output), one whole step on our log. Per update: latency = the agent's process.hrtime just before it sent the update (a pair: its first message; CLOCK_MONOTONIC, one clock for both processes) -> our listener has the status bar text (a) or has folded the step's step/end (b); host event-loop time = the growth of performance.eventLoopUtilization().active since the previous update's mark: the pipe read, the JSON parse, the SDK's checks, the turn log, the append, the folds and the presenters, not the idle pause (a run's first update is left out: its window holds the prompt's start). Per kind: a 30-update warm-up run on a new session, then runs on an empty, a 10,000-event, a 10,000-event and an empty session (ABBA, against drift), pooled: 200 samples each; ratio = median at 10,000 / median empty. Workbench: code-server (VS Code 1.100.3) in Debian's headless Chromium with the extension from dist/ (development build), the Agent Checklist container open; the user settings choose the bench agent (agentChecklist.agent = acp-bench; agentChecklist.acpAgents.acp-bench runs node --import tsx bench/acp-bench-agent.ts), each prompt (sent with Send Prompt…) makes the agent send 30 plan updates 300 ms apart. Turns in one window: a warm-up in a new session (not counted), a new session (New Session), the 10,000-event ACP session (the same synthetic log, moved into the window's own session folder and picked from the Agent view's session list; its first prompt starts the agent with our summary of the log) prompted twice (its log is checked for those 60 plan writes), and a new session again; empty = the two new sessions' 60 updates, 10,000 = the long session's 60. A MutationObserver in the workbench page records Date.now() at each new text of our status bar item; latency = that time for the update's text - the agent's Date.now() just before it sent the update (same machine, same clock, 1 ms resolution): the agent's stdio, our ACP client in the extension host, the turn log, our log, the folds, the status bar item and code-server's way to the page.",
    run: runAcpBench,
  },
  {
    name: 'checkpoints',
    method:
      "Issue 24's checkpoints, in process (node, tsx), the product's ShadowRepo (core/checkpoints/shadow-repo.ts) running the machine's git as child processes started from its worker thread (core/checkpoints/git-thread.ts; under tsx the worker loads git-worker.ts through tsx), so the first checkpoint includes the worker's start. Workspace: 10,000 files of 20 KB (200 MB) of text lines (base64 of random bytes, 80 columns) in 100 folders, in the OS temp folder (page cache warm after writing); the shadow repository beside it. The first checkpoint (every file hashed, compressed and stored) is reported apart. Then 22 rounds (the first 2 not counted) of: append a line to 3 files, a checkpoint (git status against the shadow index, update-index of the changed files, write-tree, commit-tree, update-ref: five processes), and a second checkpoint of the unchanged workspace (git status only; the same commit). Median and p95 of the 20 rounds. Event-loop delay: perf_hooks.monitorEventLoopDelay at 1 ms resolution, enabled only while the checkpoints run (max and p99 over all rounds; the first checkpoint's max apart), and over 3 s with nothing to do for the machine's own noise; in each window also the longest gap between two ticks of a 1 ms timer, with the main thread's time on a core and its time waiting in the run queue for one within that gap (/proc/thread-self/schedstat, read at each tick), which tells the process's own work from the shared machine's scheduling. The machine is 2 cores shared with other work: the 1-minute load average is reported.",
    run: runCheckpointsBench,
  },
  {
    name: 'parallel',
    method:
      "Issue 50's Run Items in Parallel, in process (node, tsx). Worktree: a local clone of this repository in the OS temp folder; per round `git worktree add -q -b <branch> <dir> HEAD` run by hand (execFileSync) and the product's addItemWorktree (core/worktrees/item-worktree.ts: the same command from the git worker thread, hooks and fsmonitor off), each into a new folder; median of 5 rounds after 1 warm-up, the ratio ours / by hand. Parallel: the CLI's main() in process, `run --session <id> --parallel <n>` on a fresh repository with a loopback OpenAI-compatible model that answers every request after 400 ms (each child: write_file, todo_write, a text answer: 3 requests); each of 4 items run alone (--parallel 1, one item in the plan) and the 4 together with --parallel 4; the ratio together / the slowest alone. One warm-up run first.",
    run: runParallelBench,
  },
  {
    name: 'tools',
    method:
      "Issue 40's workspace tools, as the issue measured them: the built CLI (dist/cli.js run, development build) with a scripted model that calls grep once, wall time of the whole process minus the CLI's start-up (a scripted turn without a tool call, same folder; median of 3 each), against rg -n on the same folder (median of 3; Debian's ripgrep 13). grep with rg: rg on PATH; without: a PATH holding only git, so the CLI's grep uses its JavaScript engine. Tree: a copy of this repository's node_modules under vendor/ in the OS temp folder (about 35,000 files, 1.8 GB; page cache warm after the copy), not a git repository, with the needle planted in 3 files; compared with rg -n -uu; every file searched = the same (path, line) set as rg -uu (fewer than 200 matches, so no cap). This repository: a literal and a regex pattern, each result's (path, line) set compared with rg -n's. Event loop: grep run in the bench process (its worker thread as in the extension host), the longest gap between two ticks of a 1 ms timer while it searches the tree. list_files: the repository root listed (in process), each entry checked with git check-ignore. The machine is 2 cores shared with other work: the 1-minute load average is logged.",
    run: runToolsBench,
  },
  {
    name: 'board',
    method:
      "Issue 49's board targets, in process (node, tsx), fixtures made in the OS temp folder (page cache warm after writing): 500 session logs (499 synthetic logs of 200 events, one of 1,000,000 events, bench/synthetic-log.ts) and a git repository of 300 branches, each with an 8-item PLAN.md (one git fast-import). Floor = each log's last 64 KiB read (open, read, close) + the 300 files through one `git cat-file --batch` (`<commit>:PLAN.md`). Board = `agent-checklist board --format json --session-dir <logs> --cwd <repo>` through the CLI's main() in this process (no process start; `node dist/cli.js board` with its start is reported beside it). Editor = the editor's board read on its worker thread (core/board/board-thread.ts, a cold thread per run, as the first Open Plan Board starts it; under tsx the worker loads board-worker.ts through tsx) with perf_hooks.monitorEventLoopDelay (1 ms; the period subtracted) enabled on this thread meanwhile: the host's side of opening the board, without the webview's paint. 5 rounds, the four interleaved; medians, the delay's max over the rounds.",
    run: runBoardBench,
  },
  {
    name: 'packages',
    method:
      "What a user downloads: the VSIX of `npm run package` (production build, packed by @vscode/vsce; what .vscodeignore lets through) and the CLI's npm tarball of `npm run package:cli` (production build; every dist file dist/cli.js can load, no dependencies). 1 KB = 1024 bytes; files counted from the archives' own listings (unzip -Z1, tar tzf).",
    run: runPackagesBench,
  },
];

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  for (const suite of suites.filter((s) => only.length === 0 || only.includes(s.name))) {
    console.log(`== ${suite.name}`);
    const metrics = await suite.run((line) => console.log(line));
    for (const m of metrics)
      console.log(`  ${m.name}: ${m.value} ${m.unit} (target ${m.target})${m.met === false ? '  MISSED' : ''}`);
    writeSuite({
      suite: suite.name,
      method: suite.method,
      ranAt: new Date().toISOString(),
      machine: machine(),
      metrics,
    });
  }
  writeBenchmarksMd();
  console.log('wrote bench/results/*.json and BENCHMARKS.md');
}

void main();
