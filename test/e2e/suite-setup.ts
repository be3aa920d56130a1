// The setup the e2e suites share, so each test states only what differs: a workbench
// opened once for a describe block (before its tests, closed after them), the Agent
// view opened and ready for a prompt, and a prompt sent from an Agent page.
import { after, before } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import { agentPageFrame, openContainer } from './workbench';

/**
 * Call inside `describe`: opens what `open` gives (a workbench, a scripted one) before
 * the block's tests and closes it after them. The result reads it, in a test.
 */
export function openForSuite<T extends { close(): Promise<void> }>(open: () => Promise<T>): () => T {
  let opened: T | undefined;
  before(async () => {
    opened = await open();
  });
  after(async () => {
    await opened?.close();
  });
  return () => {
    if (opened === undefined) throw new Error('nothing is open for this suite: its before() failed');
    return opened;
  };
}

/** Opens the Agent Checklist container; the side bar's Agent page once its composer is there (the extension activated). */
export async function openAgentView(page: Page): Promise<Frame> {
  await openContainer(page);
  const frame = await agentPageFrame(page, 'view');
  await frame.locator('.composer-input').waitFor({ timeout: 60_000 });
  return frame;
}

/** Sends `prompt` from an Agent page (the side bar's or the editor tab's); with `answer`, waits until that answer has finished streaming. */
export async function sendPrompt(frame: Frame, prompt: string, answer?: string): Promise<void> {
  const composer = frame.locator('.composer-input');
  await composer.waitFor({ timeout: 60_000 });
  await composer.fill(prompt);
  await composer.press('Enter');
  if (answer !== undefined)
    await frame
      .locator('.item-assistant:not(.streaming) .assistant-text', { hasText: answer })
      .waitFor({ timeout: 60_000 });
}
