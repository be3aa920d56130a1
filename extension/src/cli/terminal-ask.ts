// The CLI's approval questions on an interactive terminal.
import * as readline from 'node:readline/promises';
import { visibleControls } from '../core/terminal-text';
import type { AskLine } from '../core/tools/approvals';

/** Asks on the terminal (stderr), one line per question; Ctrl+C while asking stops the turn like elsewhere. */
export function terminalAsk(): AskLine {
  return async (question, signal) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stderr });
    rl.on('SIGINT', () => process.kill(process.pid, 'SIGINT'));
    try {
      // The question carries the model's command: shown with its control characters visible, whole.
      return await rl.question(visibleControls(question), { signal });
    } catch (error) {
      // Stop rejects (the call ends as stopped); a closed terminal (Ctrl+D) is no answer, i.e. No.
      if (signal.aborted) throw error;
      return '';
    } finally {
      rl.close();
    }
  };
}
